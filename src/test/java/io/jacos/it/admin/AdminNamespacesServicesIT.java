package io.jacos.it.admin;

import com.alibaba.nacos.api.naming.NamingService;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.admin.AdminHttp.Answer;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.jacos.it.admin.AdminHttp.json;
import static io.jacos.it.admin.AdminHttp.path;
import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The admin API's namespaces and services, driven as the console drives them, with real 2.5.1 clients. */
@ExtendWith(SharedServer.class)
@DisplayName("Admin API: namespaces and services")
class AdminNamespacesServicesIT {

    private final AdminHttp admin = new AdminHttp(SharedServer.serverAddr());
    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());

    @AfterEach
    void closeClients() {
        clients.close();
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private JsonNode namespace(String id) {
        for (JsonNode ns : admin.get("/namespaces", Map.of()).data()) {
            if (id.equals(ns.path("id").asText())) {
                return ns;
            }
        }
        return null;
    }

    @Test
    @DisplayName("namespaces: create (given id and generated), list with public first, edit, delete")
    void namespaceLifecycle() {
        String id = unique("adm");
        Answer created = admin.call("POST", "/namespaces", Map.of(), json(Map.of("id", id, "name", "Team",
                "description", "first")));
        assertEquals(201, created.status(), created::toString);
        assertEquals(id, created.data().path("id").asText());
        assertEquals(0, created.data().path("serviceCount").asInt());

        JsonNode list = admin.get("/namespaces", Map.of()).data();
        assertEquals("public", list.get(0).path("id").asText());
        assertEquals("first", namespace(id).path("description").asText());

        Answer edited = admin.call("PUT", "/namespaces/" + id, Map.of(), json(Map.of("name", "Team 2",
                "description", "second")));
        assertEquals("Team 2", edited.data().path("name").asText());
        assertEquals("second", namespace(id).path("description").asText());

        Answer generated = admin.call("POST", "/namespaces", Map.of(), json(Map.of("name", "no id")));
        String generatedId = generated.data().path("id").asText();
        assertEquals(36, generatedId.length(), generated::toString);

        assertTrue(admin.call("DELETE", "/namespaces/" + id, Map.of(), null).data().asBoolean());
        assertTrue(admin.call("DELETE", "/namespaces/" + generatedId, Map.of(), null).data().asBoolean());
        assertEquals(null, namespace(id));
        assertEquals(null, namespace(generatedId));
    }

    @Test
    @DisplayName("namespace refusals: taken id 409, bad name 400, bad JSON 400, unknown 404, public 400; nothing changes")
    void namespaceRefusals() {
        String id = unique("adm-bad");
        admin.call("POST", "/namespaces", Map.of(), json(Map.of("id", id, "name", "Original"))).data();

        admin.call("POST", "/namespaces", Map.of(), json(Map.of("id", id, "name", "Other"))).refused(409, 22002);
        admin.call("POST", "/namespaces", Map.of(), json(Map.of("id", unique("x"), "name", "a@b"))).refused(400, 20002);
        admin.call("POST", "/namespaces", Map.of(), "{\"id\":").refused(400, 20002);
        admin.call("POST", "/namespaces", Map.of(), "[1,2]").refused(400, 20002);
        admin.call("PUT", "/namespaces/" + id, Map.of(), "{name:").refused(400, 20002);
        admin.call("PUT", "/namespaces/" + unique("none"), Map.of(), json(Map.of("name", "n"))).refused(404, 22001);
        admin.call("DELETE", "/namespaces/" + unique("none"), Map.of(), null).refused(404, 22001);
        admin.call("DELETE", "/namespaces/public", Map.of(), null).refused(400, 20002);
        assertEquals("Original", namespace(id).path("name").asText());
        assertEquals("public", admin.get("/namespaces", Map.of()).data().get(0).path("id").asText());

        // Holding a service, the namespace cannot be deleted: 409, and it is still there with its service.
        String service = unique("held");
        NacosHttp.Answer registered = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", service,
                "ip", "10.4.0.1", "port", "1", "namespaceId", id));
        assertEquals(200, registered.status(), registered::toString);
        admin.call("DELETE", "/namespaces/" + id, Map.of(), null).refused(409, 20005);
        JsonNode kept = namespace(id);
        assertEquals(1, kept.path("serviceCount").asInt(), kept::toString);
        assertEquals(1, kept.path("instanceCount").asInt(), kept::toString);
        assertEquals(200, http.call("DELETE", "/nacos/v1/ns/instance", Map.of("serviceName", service,
                "ip", "10.4.0.1", "port", "1", "namespaceId", id)).status());
    }

    @Test
    @DisplayName("services: search, paging and counts (instances, healthy, subscribers, clusters)")
    void serviceList() throws Exception {
        String prefix = unique("AdmList");
        NamingService a = clients.open();
        NamingService b = clients.open();
        a.registerInstance(prefix + "-one", instance("10.5.0.1", 80));
        b.registerInstance(prefix + "-one", "DEFAULT_GROUP", "10.5.0.2", 80, "OTHER");
        a.registerInstance(prefix + "-two", instance("10.5.0.3", 80));
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(prefix + "-one", listener);
        await().atMost(Waits.PUSH).until(() -> listener.lastEndpoints() != null && listener.lastEndpoints().size() == 2);

        String search = prefix.toLowerCase();
        JsonNode page = admin.get("/services", Map.of("search", search)).data();
        assertEquals(2, page.path("count").asInt(), page::toString);
        assertEquals(1, page.path("pageNo").asInt());
        assertEquals(20, page.path("pageSize").asInt());
        JsonNode one = page.path("services").get(0);
        assertEquals(prefix + "-one", one.path("name").asText());
        assertEquals("DEFAULT_GROUP", one.path("groupName").asText());
        assertEquals(2, one.path("instanceCount").asInt(), one::toString);
        assertEquals(2, one.path("healthyInstanceCount").asInt(), one::toString);
        assertEquals(1, one.path("subscriberCount").asInt(), one::toString);
        assertEquals(2, one.path("clusterCount").asInt(), one::toString);
        assertTrue(one.path("ephemeral").asBoolean());
        assertEquals(prefix + "-two", page.path("services").get(1).path("name").asText());

        JsonNode second = admin.get("/services", Map.of("search", search, "pageNo", "2", "pageSize", "1")).data();
        assertEquals(2, second.path("count").asInt());
        assertEquals(List.of(prefix + "-two"), names(second));
        assertEquals(List.of(), names(admin.get("/services", Map.of("search", search, "groupName", "OTHER_GROUP"))
                .data()));

        admin.get("/services", Map.of("namespaceId", unique("none"))).refused(404, 22001);
        for (String bad : List.of("0", "501", "abc")) {
            admin.get("/services", Map.of("pageSize", bad)).refused(400, 20002);
        }
        admin.get("/services", Map.of("pageNo", "0")).refused(400, 20002);
    }

    @Test
    @DisplayName("service detail, edit (threshold, metadata, selector), delete: 404 unknown, 409 while it has instances")
    void serviceDetailEditDelete() throws Exception {
        String service = unique("adm-svc");
        String at = path("DEFAULT_GROUP", service);
        NamingService provider = clients.open();
        provider.registerInstance(service, instance("10.6.0.1", 80));
        await().atMost(Waits.PUSH).until(() -> admin.get(at, Map.of()).status() == 200);

        JsonNode detail = admin.get(at, Map.of()).data();
        assertEquals("public", detail.path("namespaceId").asText());
        assertEquals(service, detail.path("name").asText());
        assertEquals("none", detail.path("selector").path("type").asText());
        assertEquals("DEFAULT", detail.path("clusters").get(0).path("name").asText());
        assertTrue(detail.path("clusters").get(0).path("healthCheck").has("type"), detail::toString);
        assertEquals(1, detail.path("instanceCount").asInt());

        JsonNode edited = admin.call("PUT", at, Map.of(), json(Map.of("protectThreshold", 0.5,
                "metadata", Map.of("team", "a"), "selector", Map.of("type", "label",
                        "expression", "CONSUMER.label.zone = PROVIDER.label.zone")))).data();
        assertEquals(0.5, edited.path("protectThreshold").asDouble(), 1e-6);
        assertEquals("a", edited.path("metadata").path("team").asText());
        assertEquals("label", edited.path("selector").path("type").asText());
        // A later edit of one field keeps the others.
        JsonNode again = admin.call("PUT", at, Map.of(), json(Map.of("protectThreshold", 0.25))).data();
        assertEquals("a", again.path("metadata").path("team").asText(), again::toString);
        assertEquals("label", again.path("selector").path("type").asText());
        JsonNode v2 = http.get("/nacos/v2/ns/service", Map.of("serviceName", service)).json().path("data");
        assertEquals(0.25, v2.path("protectThreshold").asDouble(), 1e-6, v2::toString);

        admin.call("PUT", at, Map.of(), json(Map.of("protectThreshold", 2))).refused(400, 20002);
        admin.call("PUT", at, Map.of(), "{\"protectThreshold\":").refused(400, 20002);
        admin.call("PUT", at, Map.of(), json(Map.of("selector", Map.of("type", "magic")))).refused(400, 21006);
        assertEquals(0.25, admin.get(at, Map.of()).data().path("protectThreshold").asDouble(), 1e-6);

        String unknown = path("DEFAULT_GROUP", unique("none"));
        admin.get(unknown, Map.of()).refused(404, 21008);
        admin.call("PUT", unknown, Map.of(), json(Map.of("protectThreshold", 0.1))).refused(404, 21008);
        admin.call("DELETE", unknown, Map.of(), null).refused(404, 21008);
        admin.get(at, Map.of("namespaceId", unique("none"))).refused(404, 22001);

        admin.call("DELETE", at, Map.of(), null).refused(409, 21009);
        assertEquals(1, admin.get(at, Map.of()).data().path("instanceCount").asInt());
        provider.deregisterInstance(service, "10.6.0.1", 80);
        await().atMost(Waits.PUSH).until(() -> admin.get(at, Map.of()).data().path("instanceCount").asInt() == 0);
        assertTrue(admin.call("DELETE", at, Map.of(), null).data().asBoolean());
        admin.get(at, Map.of()).refused(404, 21008);
    }

    private static List<String> names(JsonNode page) {
        List<String> names = new ArrayList<>();
        page.path("services").forEach(s -> names.add(s.path("name").asText()));
        return names;
    }
}
