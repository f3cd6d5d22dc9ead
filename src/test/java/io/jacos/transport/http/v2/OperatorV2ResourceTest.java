package io.jacos.transport.http.v2;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.application.RuntimeSwitches;
import io.jacos.model.NodeId;
import io.jacos.testing.FixedMembers;
import io.jacos.transport.http.HttpAnswer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.jacos.transport.http.v2.V2Api.assertRefused;
import static io.jacos.transport.http.v2.V2Api.success;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /nacos/v2/ns/operator}: the switches, a change of one, and the metrics, in the v2 envelope. */
class OperatorV2ResourceTest {

    private final V2Api api = new V2Api();
    private final OperatorV2Resource resource = api.operator();

    @Test
    void switchesAreTheSwitchDomainInTheEnvelope() {
        JsonNode data = success(api.call("", resource::switches));

        assertEquals("00-00---000-NACOS_SWITCH_DOMAIN-000---00-00", data.get("name").asText());
        assertEquals(5000, data.get("clientBeatInterval").asLong());
        assertTrue(data.get("lightBeatEnabled").asBoolean());
    }

    @Test
    void aSwitchChangeHoldsAndIsShown() {
        assertEquals("{\"code\":0,\"message\":\"success\",\"data\":\"ok\"}", api.call("entry=clientBeatInterval"
                + "&value=2000", resource::updateSwitch).body());
        assertEquals("ok", success(api.call("entry=lightBeatEnabled&value=false", resource::updateSwitch)).asText());

        assertEquals(2000, api.http.services.switches.beatIntervalMillis());
        JsonNode data = success(api.call("", resource::switches));
        assertEquals(2000, data.get("clientBeatInterval").asLong());
        assertFalse(data.get("lightBeatEnabled").asBoolean());
    }

    @Test
    void refusedChangesLeaveTheSwitchesAsTheyWere() {
        assertRefused(400, V2Errors.PARAMETER_MISSING, api.call("value=2000", resource::updateSwitch));
        assertRefused(400, V2Errors.PARAMETER_MISSING, api.call("entry=clientBeatInterval", resource::updateSwitch));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("entry=clientBeatInterval&value=15000",
                resource::updateSwitch));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("entry=clientBeatInterval&value=-5",
                resource::updateSwitch));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("entry=pushEnabled&value=false",
                resource::updateSwitch));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("entry=" + "e".repeat(10_000) + "&value=1",
                resource::updateSwitch));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("entry=lightBeatEnabled&value=false"
                + "&value=true", resource::updateSwitch));

        assertEquals(5000, api.http.services.switches.beatIntervalMillis());
        assertTrue(api.http.services.switches.lightBeatEnabled());
    }

    @Test
    void inAClusterAChangeWithoutDebugIsRefusedSinceItHoldsOnOneNodeOnly() {
        NodeId self = new NodeId("127.0.0.1", 8848);
        OperatorV2Resource resource = api.operator(
                new FixedMembers(self, List.of(self, new NodeId("127.0.0.2", 8848))));

        HttpAnswer refused = api.call("entry=clientBeatInterval&value=2000", resource::updateSwitch);
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, refused);
        assertEquals(5000, api.http.services.switches.beatIntervalMillis());

        assertEquals("ok", success(api.call("entry=clientBeatInterval&value=2000&debug=true",
                resource::updateSwitch)).asText());
        assertEquals(2000, api.http.services.switches.beatIntervalMillis());
    }

    @Test
    void metricsAreTheStatusByDefaultAndTheCountsWithoutTheResponsibleInstances() {
        assertEquals("{\"code\":0,\"message\":\"success\",\"data\":{\"status\":\"UP\"}}",
                api.call("", resource::metrics).body());
        api.call("serviceName=orders&ip=10.0.0.1&port=8080", api.instance()::register);

        JsonNode data = success(api.call("onlyStatus=false", resource::metrics));

        assertEquals(List.of("status", "serviceCount", "instanceCount", "subscribeCount", "clientCount",
                "connectionBasedClientCount", "ephemeralIpPortClientCount", "persistentIpPortClientCount",
                "responsibleClientCount", "cpu", "load", "mem"), HttpAnswer.fields(data));
        assertEquals(1, data.get("instanceCount").asInt());
        assertEquals(1, data.get("responsibleClientCount").asInt());

        api.http.readinessDown("storage");
        assertEquals("DOWN", success(api.call("", resource::metrics)).get("status").asText());
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("onlyStatus=1", resource::metrics));
    }
}
