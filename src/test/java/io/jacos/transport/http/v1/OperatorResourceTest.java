package io.jacos.transport.http.v1;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.application.RuntimeSwitches;
import io.jacos.transport.http.HttpAnswer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /nacos/v1/ns/operator}: the status clients check, push counts, the switches and the server list. */
class OperatorResourceTest {

    private final V1Api api = new V1Api();
    private final OperatorResource resource = api.operator();

    @Test
    void metricsAnswersOnlyTheStatusByDefaultAsClientsCheckIt() {
        assertEquals(new HttpAnswer(200, "application/json;charset=UTF-8", "{\"status\":\"UP\"}"),
                api.call("", resource::metrics));

        api.http.readinessDown("storage");
        assertEquals("{\"status\":\"DOWN\"}", api.call("", resource::metrics).body());
    }

    @Test
    void fullMetricsCountWhatTheRegistryHolds() {
        api.call("serviceName=orders&ip=10.0.0.1&port=8080", api.instance()::register);
        api.call("serviceName=stock&ip=10.0.0.2&port=9090&ephemeral=false", api.instance()::register);

        JsonNode metrics = api.call("onlyStatus=false", resource::metrics).json();

        assertEquals(List.of("status", "serviceCount", "instanceCount", "subscribeCount", "responsibleInstanceCount",
                "clientCount", "connectionBasedClientCount", "ephemeralIpPortClientCount",
                "persistentIpPortClientCount", "responsibleClientCount", "cpu", "load", "mem"), HttpAnswer.fields(metrics));
        assertEquals(2, metrics.get("serviceCount").asInt());
        assertEquals(2, metrics.get("instanceCount").asInt());
        assertEquals(1, metrics.get("ephemeralIpPortClientCount").asInt());
        assertEquals(1, metrics.get("persistentIpPortClientCount").asInt());
        assertEquals(0, metrics.get("connectionBasedClientCount").asInt());
        assertEquals(2, metrics.get("responsibleInstanceCount").asInt());
    }

    @Test
    void pushStateGivesNacosTotalsAndEachChannel() {
        api.http.pushes.set("grpc", 3, 1);
        api.http.pushes.set("udp", 1, 0);

        JsonNode state = api.call("", resource::pushState).json();

        assertEquals(List.of("succeed", "total", "ratio", "reset", "channels"), HttpAnswer.fields(state));
        assertEquals(4, state.get("succeed").asLong());
        assertEquals(5, state.get("total").asLong());
        assertEquals(0.8, state.get("ratio").asDouble(), 1e-6);
        assertEquals(false, state.get("reset").asBoolean());
        assertEquals(3, state.get("channels").get("grpc").get("succeed").asLong());
        assertEquals(4, state.get("channels").get("grpc").get("total").asLong());
        assertEquals(1.0, state.get("channels").get("udp").get("ratio").asDouble(), 1e-6);
    }

    @Test
    void noPushesYetIsARatioOfZeroNotADivisionByZero() {
        JsonNode state = api.call("", resource::pushState).json();

        assertEquals(0, state.get("total").asLong());
        assertEquals(0.0, state.get("ratio").asDouble());
    }

    @Test
    void switchesAreNacosSwitchDomainWithTheValuesInForce() {
        JsonNode switches = api.call("", resource::switches).json();

        assertEquals("00-00---000-NACOS_SWITCH_DOMAIN-000---00-00", switches.get("name").asText());
        assertEquals(5000, switches.get("clientBeatInterval").asLong());
        assertEquals(10_000, switches.get("defaultPushCacheMillis").asLong());
        assertTrue(switches.get("lightBeatEnabled").asBoolean());
        assertTrue(switches.get("pushEnabled").asBoolean());
        assertTrue(switches.has("checksum"));

        api.http.services.switches.change(RuntimeSwitches.CLIENT_BEAT_INTERVAL, "3000");
        assertEquals(3000, api.call("", resource::switches).json().get("clientBeatInterval").asLong());
    }

    @Test
    void serversListThisNodeAloneWhenStandalone() {
        JsonNode servers = api.call("", resource::servers).json().get("servers");

        assertEquals(1, servers.size());
        JsonNode self = servers.get(0);
        assertEquals("127.0.0.1", self.get("ip").asText());
        assertEquals(8848, self.get("port").asInt());
        assertEquals("127.0.0.1:8848", self.get("address").asText());
        assertEquals("UP", self.get("state").asText());

        api.http.readinessDown("grpc");
        assertEquals("DOWN", api.call("", resource::servers).json().get("servers").get(0).get("state").asText());
    }

    @Test
    void anUnreadableFlagIsA400InText() {
        HttpAnswer answer = api.call("onlyStatus=yes", resource::metrics);

        assertEquals(400, answer.status());
        assertEquals("Param 'onlyStatus' is illegal: 'yes' (expected true or false).", answer.body());
        assertEquals(400, api.call("onlyStatus=true&onlyStatus=false", resource::metrics).status());
    }
}
