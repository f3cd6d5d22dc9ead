package io.jacos.transport.http.v1;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.settings.UdpSettings;
import io.jacos.testing.ShippedDefaults;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources;
import io.jacos.transport.http.HttpResources.RegistryState;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code GET /nacos/v1/ns/instance/list}, what 1.x clients poll, and the UDP subscription it makes. */
class InstanceListResourceTest {

    private static final ServiceKey ORDERS = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    private static final Map<String, String> CLIENT_146 = Map.of("User-Agent", "Nacos-Java-Client:v1.4.6",
            "Client-Version", "1.4.6");
    private static final String POLL = "namespaceId=public&serviceName=DEFAULT_GROUP%40%40orders&clusters="
            + "&healthyOnly=false&app=unknown&clientIP=10.0.0.7&udpPort=55000";

    private final V1Api api = new V1Api(new HttpResources(new UdpSettings(new ShippedDefaults()) {
        @Override
        public int udpMaxSubscribersPerSource() {
            return 2;
        }
    }));
    private final InstanceListResource resource = api.instanceList();

    @Test
    void theListIsTheServiceInfo1xClientsReadAndSubscribesTheirUdpPort() {
        register("10.0.0.1", "healthy=true");

        HttpAnswer answer = list(POLL, CLIENT_146);

        assertTrue(answer.isJson());
        JsonNode info = answer.json();
        assertEquals("DEFAULT_GROUP@@orders", info.get("name").asText(), "1.4.6 matches its key on the grouped name");
        assertEquals("DEFAULT_GROUP", info.get("groupName").asText());
        assertEquals("", info.get("clusters").asText());
        assertEquals(10_000, info.get("cacheMillis").asLong());
        JsonNode host = info.get("hosts").get(0);
        assertEquals("10.0.0.1", host.get("ip").asText());
        assertEquals("DEFAULT_GROUP@@orders", host.get("serviceName").asText());
        assertEquals(5000, host.get("instanceHeartBeatInterval").asLong());
        assertEquals(Set.of(ClientId.ofIpPort("10.0.0.7", 55000, true)), api.http.reader.subscribersOf(ORDERS));
    }

    @Test
    void clientsNacosWouldNotPushOnlyRead() {
        register("10.0.0.1", "healthy=true");

        list(POLL, Map.of("User-Agent", "curl/8.0"));
        list(POLL.replace("udpPort=55000", "udpPort=0"), CLIENT_146);

        assertEquals(Set.of(), api.http.reader.subscribersOf(ORDERS));
    }

    @Test
    void healthyOnlyLeavesUnhealthyInstancesOutAndClustersFilter() {
        register("10.0.0.1", "healthy=true&clusterName=east");
        register("10.0.0.2", "healthy=false&clusterName=east");
        register("10.0.0.3", "healthy=true&clusterName=west");

        assertEquals(List.of("10.0.0.1", "10.0.0.2", "10.0.0.3"), ips(list("serviceName=orders", Map.of())));
        assertEquals(List.of("10.0.0.1", "10.0.0.3"), ips(list("serviceName=orders&healthyOnly=true", Map.of())));
        HttpAnswer east = list("serviceName=orders&clusters=east", Map.of());
        assertEquals(List.of("10.0.0.1", "10.0.0.2"), ips(east));
        assertEquals("east", east.json().get("clusters").asText());
    }

    @Test
    void badParametersAre400sAndSubscribeNobody() {
        RegistryState before = api.http.state();

        assertRefused("Param 'serviceName' is required.", "udpPort=55000&clientIP=10.0.0.7", before);
        assertRefused("Param 'udpPort' is illegal: '70000' (expected 0 to 65535).",
                POLL.replace("55000", "70000"), before);
        assertRefused(null, POLL.replace("55000", "-1"), before);
        assertRefused(null, POLL.replace("healthyOnly=false", "healthyOnly=perhaps"), before);
    }

    @Test
    void oneSourceNamesNoMoreSubscriberEndpointsThanItsLimit() {
        list(POLL.replace("10.0.0.7", "10.0.0.21"), CLIENT_146);
        list(POLL.replace("10.0.0.7", "10.0.0.22"), CLIENT_146);

        HttpAnswer third = list(POLL.replace("10.0.0.7", "10.0.0.23"), CLIENT_146);

        assertEquals(200, third.status(), "still answered");
        assertEquals(2, api.http.reader.subscribersOf(ORDERS).size());
    }

    @Test
    void aHostNameIsNeverLookedUpNorSubscribed() {
        HttpAnswer answer = list(POLL.replace("10.0.0.7", "subscriber.example.com"), CLIENT_146);

        assertEquals(200, answer.status(), answer.body());
        assertEquals(Set.of(), api.http.reader.subscribersOf(ORDERS));
    }

    @Test
    void aRepeatedClientIpIsRefused() {
        RegistryState before = api.http.state();

        assertRefused("Param 'clientIP' is given more than once with different values.", POLL + "&clientIP=10.0.0.8",
                before);
    }

    private void assertRefused(String message, String query, RegistryState before) {
        HttpAnswer answer = list(query, CLIENT_146);
        assertEquals(400, answer.status(), answer.body());
        assertTrue(answer.isText());
        if (message != null) {
            assertEquals(message, answer.body());
        }
        assertEquals(before, api.http.state(), "nothing changed by " + query);
    }

    private HttpAnswer list(String query, Map<String, String> headers) {
        return api.call(query, () -> resource.list(HttpResources.headers(headers), HttpResources.from(HttpResources.PEER)));
    }

    private void register(String ip, String more) {
        assertEquals("ok", api.call("serviceName=orders&port=8080&ip=" + ip + "&" + more,
                api.instance()::register).body());
    }

    private static List<String> ips(HttpAnswer answer) {
        List<String> ips = new java.util.ArrayList<>();
        answer.json().get("hosts").forEach(host -> ips.add(host.get("ip").asText()));
        return ips.stream().sorted().toList();
    }
}
