package io.jacos.it.admin;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.jacos.it.admin.AdminHttp.json;
import static io.jacos.it.admin.AdminHttp.path;
import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The admin API's instances and subscribers, with real 2.5.1 providers and subscribers. */
@ExtendWith(SharedServer.class)
@DisplayName("Admin API: instances and subscribers")
class AdminInstancesIT {

    private final AdminHttp admin = new AdminHttp(SharedServer.serverAddr());
    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());

    @AfterEach
    void closeClients() {
        clients.close();
    }

    private static Map<String, String> at(String ip, int port) {
        return Map.of("ip", ip, "port", Integer.toString(port));
    }

    private JsonNode shown(String instances, String ip, int port) {
        for (JsonNode instance : admin.get(instances, Map.of()).data()) {
            if (ip.equals(instance.path("ip").asText()) && instance.path("port").asInt() == port) {
                return instance;
            }
        }
        return null;
    }

    @Test
    @DisplayName("instances list with their client and node, by cluster; subscribers with version and transport")
    void instancesAndSubscribers() throws Exception {
        String service = NamingClients.uniqueName("adm-inst");
        String instances = path("DEFAULT_GROUP", service) + "/instances";
        NamingService provider = clients.open();
        provider.registerInstance(service, instance("10.7.0.1", 80));
        // One instance per client and service (a second registration replaces the first), so a second client.
        clients.open().registerInstance(service, "DEFAULT_GROUP", "10.7.0.2", 80, "OTHER");
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        await().atMost(Waits.PUSH).until(() -> admin.get(instances, Map.of()).status() == 200
                && admin.get(instances, Map.of()).data().size() == 2);

        JsonNode all = admin.get(instances, Map.of()).data();
        JsonNode first = all.get(0);
        assertEquals("10.7.0.1", first.path("ip").asText(), all::toString);
        assertEquals("DEFAULT", first.path("clusterName").asText());
        assertFalse(first.path("client").asText().equals(all.get(1).path("client").asText()), all::toString);
        JsonNode other = listOf(admin.get(instances, Map.of("cluster", "OTHER")).data()).get(0);
        assertEquals("10.7.0.2", other.path("ip").asText());
        assertEquals(1, admin.get(instances, Map.of("cluster", "OTHER")).data().size());
        String client = first.path("client").asText();
        assertFalse(client.isBlank() || client.contains("#"), first::toString);
        assertEquals("127.0.0.1:" + SharedServer.HTTP_PORT, first.path("node").asText(), first::toString);
        assertTrue(first.path("ephemeral").asBoolean());
        assertTrue(first.has("instanceId") && first.has("metadata") && first.has("weight"), first::toString);
        assertEquals(List.of(), listOf(admin.get(instances, Map.of("cluster", "NONE_SUCH")).data()));

        try (DatagramSocket udp = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            assertEquals(200, http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", "DEFAULT_GROUP@@" + service,
                    "udpPort", Integer.toString(udp.getLocalPort()), "clientIP", "127.0.0.1")).status());
            JsonNode subscribers = admin.get(path("DEFAULT_GROUP", service) + "/subscribers", Map.of()).data();
            assertEquals(2, subscribers.size(), subscribers::toString);
            Map<String, JsonNode> byTransport = new HashMap<>();
            subscribers.forEach(s -> byTransport.put(s.path("transport").asText(), s));
            JsonNode grpc = byTransport.get("grpc");
            assertNotNull(grpc, subscribers::toString);
            assertTrue(grpc.path("clientVersion").asText().contains("2.5.1"), grpc::toString);
            // As Nacos shows a gRPC subscriber: the IP its SDK reports for itself (no port).
            assertEquals(com.alibaba.nacos.api.utils.NetUtils.localIP(), grpc.path("address").asText(), grpc::toString);
            assertEquals("127.0.0.1:" + SharedServer.HTTP_PORT, grpc.path("node").asText());
            JsonNode legacy = byTransport.get("udp");
            assertEquals("127.0.0.1:" + udp.getLocalPort(), legacy.path("address").asText(), legacy::toString);
            assertEquals("127.0.0.1:" + udp.getLocalPort() + "#true", legacy.path("client").asText());
        }
        admin.get(path("DEFAULT_GROUP", "no-such-service") + "/subscribers", Map.of()).refused(404, 21008);
        admin.get(path("DEFAULT_GROUP", "no-such-service") + "/instances", Map.of()).refused(404, 21008);
    }

    @Test
    @DisplayName("an ephemeral edit is pushed, outlives the client's re-register, and ends with the instance")
    void ephemeralEdit() throws Exception {
        String service = NamingClients.uniqueName("adm-edit");
        String instances = path("DEFAULT_GROUP", service) + "/instances";
        NamingService provider = clients.open();
        provider.registerInstance(service, instance("10.8.0.1", 80));
        clients.open().registerInstance(service, instance("10.8.0.2", 80));
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        List<String> both = List.of("10.8.0.1:80", "10.8.0.2:80");
        await().atMost(Waits.PUSH).until(() -> both.equals(listener.lastEndpoints()));

        // Disabled through the admin API: the subscribed client is pushed a list without it (Nacos serves enabled only).
        JsonNode edited = admin.call("PUT", instances, at("10.8.0.1", 80), json(Map.of("enabled", false))).data();
        assertFalse(edited.path("enabled").asBoolean(), edited::toString);
        await().atMost(Waits.PUSH).until(() -> List.of("10.8.0.2:80").equals(listener.lastEndpoints()));
        // A weight edit reaches the client too.
        admin.call("PUT", instances, at("10.8.0.2", 80), json(Map.of("weight", 7))).data();
        await().atMost(Waits.PUSH).until(() -> listener.lastInstances().size() == 1
                && listener.lastInstances().get(0).getWeight() == 7.0);

        // The client registers the instance again with its own values: its weight is taken, the edit stays.
        Instance again = instance("10.8.0.1", 80);
        again.setWeight(2.0);
        provider.registerInstance(service, again);
        await().atMost(Waits.PUSH).until(() -> shown(instances, "10.8.0.1", 80).path("weight").asDouble() == 2.0);
        assertFalse(shown(instances, "10.8.0.1", 80).path("enabled").asBoolean());
        assertEquals(List.of("10.8.0.2:80"), listener.lastEndpoints());

        // Deregistered, the instance ended: registered again, it is enabled and the subscriber sees it.
        provider.deregisterInstance(service, "10.8.0.1", 80);
        await().atMost(Waits.PUSH).until(() -> shown(instances, "10.8.0.1", 80) == null);
        provider.registerInstance(service, instance("10.8.0.1", 80));
        await().atMost(Waits.PUSH).until(() -> both.equals(listener.lastEndpoints()));
        assertTrue(shown(instances, "10.8.0.1", 80).path("enabled").asBoolean());
    }

    @Test
    @DisplayName("bad edits: weight out of range or not a number 400/21001, bad JSON 400, unknown 404; nothing changes")
    void refusedEdits() throws Exception {
        String service = NamingClients.uniqueName("adm-bad");
        String instances = path("DEFAULT_GROUP", service) + "/instances";
        clients.open().registerInstance(service, instance("10.9.0.1", 80));
        await().atMost(Waits.PUSH).until(() -> admin.get(instances, Map.of()).status() == 200);
        JsonNode before = shown(instances, "10.9.0.1", 80);

        for (String weight : List.of("-1", "10001", "\"abc\"")) {
            admin.call("PUT", instances, at("10.9.0.1", 80), "{\"weight\":" + weight + "}").refused(400, 21001);
        }
        admin.call("PUT", instances, at("10.9.0.1", 80), "{\"enabled\":").refused(400, 20002);
        admin.call("PUT", instances, at("10.9.0.1", 80), "{\"colour\":\"red\"}").refused(400, 20002);
        admin.call("PUT", instances, at("10.9.0.1", 80), "{}").refused(400, 10000);
        admin.call("PUT", instances, at("10.9.0.1", 80), json(Map.of("metadata", Map.of("k", "x".repeat(2000)))))
                .refused(400, 21002);
        admin.call("PUT", instances, Map.of("ip", "10.9.0.1", "port", "x"), json(Map.of("weight", 2)))
                .refused(400, 21004);
        admin.call("PUT", instances, at("10.9.0.1", 81), json(Map.of("weight", 2))).refused(404, 21003);
        admin.call("PUT", instances, Map.of("ip", "10.9.0.1", "port", "80", "cluster", "OTHER"),
                json(Map.of("weight", 2))).refused(404, 21003);
        admin.call("PUT", path("DEFAULT_GROUP", "no-such-service") + "/instances", at("10.9.0.1", 80),
                json(Map.of("weight", 2))).refused(404, 21008);
        admin.call("PUT", instances, Map.of("ip", "10.9.0.1", "port", "80", "namespaceId", "no-such-ns"),
                json(Map.of("weight", 2))).refused(404, 22001);
        assertEquals(before, shown(instances, "10.9.0.1", 80));
    }

    private static List<JsonNode> listOf(JsonNode array) {
        List<JsonNode> list = new java.util.ArrayList<>();
        array.forEach(list::add);
        return list;
    }
}
