package io.jacos.transport.http.v1;

import io.jacos.application.RuntimeSwitches;
import io.jacos.event.BeatReceived;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources.RegistryState;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code PUT /nacos/v1/ns/instance/beat} as nacos-client 1.4.6 sends it: query parameters and the form field beat. */
class BeatResourceTest {

    private static final ServiceKey ORDERS = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    private static final String QUERY = "namespaceId=public&serviceName=DEFAULT_GROUP%40%40orders&clusterName=DEFAULT"
            + "&ip=10.0.0.1&port=8080&app=unknown";
    private static final String BEAT = "{\"port\":8080,\"ip\":\"10.0.0.1\",\"weight\":1.0,\"serviceName\":"
            + "\"DEFAULT_GROUP@@orders\",\"cluster\":\"DEFAULT\",\"metadata\":{\"v\":\"1\"},\"scheduled\":false,"
            + "\"period\":5000,\"stopped\":false}";

    private final V1Api api = new V1Api();
    private final BeatResource resource = api.beat();

    @Test
    void aFullBeatOfAKnownInstanceIsOkWithTheIntervalAndLightBeats() {
        api.call("serviceName=DEFAULT_GROUP%40%40orders&ip=10.0.0.1&port=8080", api.instance()::register);

        HttpAnswer answer = api.call(QUERY, form(BEAT), resource::beat);

        assertEquals(new HttpAnswer(200, "application/json;charset=UTF-8",
                "{\"clientBeatInterval\":5000,\"code\":10200,\"lightBeatEnabled\":true}"), answer);
        List<BeatReceived> beats = api.http.services.beats.fired();
        assertEquals(1, beats.size());
        assertEquals(ClientId.ofIpPort("10.0.0.1", 8080, true), beats.get(0).client());
        assertEquals(ORDERS, beats.get(0).service());
    }

    @Test
    void aLightBeatOfAnUnknownInstanceAsksTheClientToRegisterAgain() {
        RegistryState before = api.http.state();

        HttpAnswer answer = api.call(QUERY, resource::beat);

        assertEquals(200, answer.status());
        assertEquals(20404, answer.json().get("code").asInt());
        assertEquals(5000, answer.json().get("clientBeatInterval").asLong(), "1.4.6 reads it unchecked");
        assertEquals(before, api.http.state());
    }

    @Test
    void aFullBeatOfAnUnknownInstanceRegistersItFromTheBeat() {
        HttpAnswer answer = api.call(QUERY, form(BEAT), resource::beat);

        assertEquals(10200, answer.json().get("code").asInt());
        List<Instance> instances = api.http.reader.view(ORDERS).instances();
        assertEquals(1, instances.size());
        assertEquals("1", instances.get(0).metadata().get("v"));
        assertTrue(instances.get(0).ephemeral());
    }

    @Test
    void theAnswerCarriesTheSwitchesAsAnOperatorSetThem() {
        api.http.services.switches.change(RuntimeSwitches.CLIENT_BEAT_INTERVAL, "2000");
        api.http.services.switches.change(RuntimeSwitches.LIGHT_BEAT_ENABLED, "false");

        HttpAnswer answer = api.call(QUERY, form(BEAT), resource::beat);

        assertEquals(2000, answer.json().get("clientBeatInterval").asLong());
        assertFalse(answer.json().get("lightBeatEnabled").asBoolean());
    }

    @Test
    void badBeatsAre400sInTextAndRegisterNothing() {
        RegistryState before = api.http.state();

        assertRefused("Param 'serviceName' is required.", "ip=10.0.0.1&port=8080", form(BEAT), before);
        assertRefused(null, QUERY, form("not json"), before);
        assertRefused(null, QUERY, form("[1,2]"), before);
        assertRefused(null, QUERY, form("{\"ip\":\"10.0.0.1\",\"port\":\"eighty\"}"), before);
        assertRefused(null, QUERY, form(BEAT.replace("\"stopped\":false", "\"ephemeral\":false")), before);
        assertRefused(null, QUERY, form(BEAT.replace("10.0.0.1", "not an ip")), before);
        assertTrue(api.http.services.beats.fired().isEmpty());
    }

    @Test
    void whatAnAttackerTriesIsRefusedWhole() {
        RegistryState before = api.http.state();

        assertRefused(null, QUERY, form(BEAT.replace("{\"v\":\"1\"}", "{\"v\":\"" + "x".repeat(5000) + "\"}")),
                before);
        assertRefused("Param 'serviceName' is given more than once with different values.",
                QUERY + "&serviceName=other", form(BEAT), before);
        assertRefused(null, QUERY.replace("namespaceId=public", "namespaceId=" + "n".repeat(65)), form(BEAT),
                before);
    }

    private void assertRefused(String message, String query, String form, RegistryState before) {
        HttpAnswer answer = api.call(query, form, resource::beat);
        assertEquals(400, answer.status(), answer.body());
        assertTrue(answer.isText());
        if (message != null) {
            assertEquals(message, answer.body());
        }
        assertEquals(before, api.http.state(), "nothing changed by " + form);
    }

    private static String form(String beat) {
        return "beat=" + URLEncoder.encode(beat, StandardCharsets.UTF_8);
    }
}
