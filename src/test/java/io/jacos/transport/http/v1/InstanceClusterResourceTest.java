package io.jacos.transport.http.v1;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.application.ServiceRef;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.transport.http.HttpAnswer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /nacos/v1/ns/cluster}: how a cluster's persistent instances are checked, set and read back. */
class InstanceClusterResourceTest {

    private static final ServiceRef ORDERS = new ServiceRef(null, null, "orders");
    private static final String HTTP_CHECK = "{\"type\":\"HTTP\",\"path\":\"/health\",\"headers\":\"\","
            + "\"expectedResponseCode\":200}";

    private final V1Api api = new V1Api();
    private final InstanceClusterResource resource = api.cluster();

    @BeforeEach
    void persistentService() {
        api.call("serviceName=orders&ip=10.0.0.2&port=9090&ephemeral=false&clusterName=east",
                api.instance()::register);
    }

    @Test
    void updateSetsTheCheckAndListShowsItInNacosShape() {
        HttpAnswer answer = api.call("serviceName=DEFAULT_GROUP%40%40orders&clusterName=east&checkPort=9999"
                + "&useInstancePort4Check=false&metadata=k%3Dv&healthChecker=" + encoded(HTTP_CHECK), resource::update);

        assertEquals(new HttpAnswer(200, "text/plain;charset=UTF-8", "ok"), answer);
        InstanceClusterSettings east = api.http.services.clusters.settings(ORDERS).get("east");
        assertEquals(9999, east.checkPort());
        assertEquals("/health", east.healthCheck().path());

        HttpAnswer list = api.call("serviceName=DEFAULT_GROUP%40%40orders", resource::list);
        assertTrue(list.isJson());
        JsonNode shown = list.json().get(0);
        assertEquals(List.of("name", "healthChecker", "defaultCheckPort", "useIPPort4Check", "metadata"),
                HttpAnswer.fields(shown));
        assertEquals("east", shown.get("name").asText());
        assertEquals("HTTP", shown.get("healthChecker").get("type").asText());
        assertEquals(200, shown.get("healthChecker").get("expectedResponseCode").asInt());
        assertEquals(9999, shown.get("defaultCheckPort").asInt());
        assertEquals("v", shown.get("metadata").get("k").asText());
    }

    @Test
    void refusedUpdatesLeaveTheSettingsAsTheyWere() {
        Map<String, InstanceClusterSettings> before = api.http.services.clusters.settings(ORDERS);

        assertRefused("Param 'serviceName' is required.", "clusterName=east&checkPort=1");
        assertRefused(null, "serviceName=orders&clusterName=east&healthChecker=" + encoded("{\"type\":\"HTTP\","
                + "\"unhealthyTreshold\":3}"));
        assertRefused(null, "serviceName=orders&clusterName=east&healthChecker=" + encoded("{\"path\":\"/\"}"));
        assertRefused(null, "serviceName=orders&clusterName=east&healthChecker=not-json");
        assertRefused(null, "serviceName=orders&clusterName=east&checkPort=65536");
        assertRefused(null, "serviceName=orders&clusterName=east&useInstancePort4Check=maybe");

        assertEquals(before, api.http.services.clusters.settings(ORDERS));
    }

    @Test
    void whatAnAttackerTriesIsRefused() {
        Map<String, InstanceClusterSettings> before = api.http.services.clusters.settings(ORDERS);

        assertRefused(null, "serviceName=orders&clusterName=" + "c".repeat(10_000) + "&checkPort=1");
        assertRefused(null, "serviceName=orders&clusterName=east%0Aevil&checkPort=1");
        assertRefused("Param 'checkPort' is given more than once with different values.",
                "serviceName=orders&clusterName=east&checkPort=1&checkPort=2");

        assertEquals(before, api.http.services.clusters.settings(ORDERS));
    }

    @Test
    void aServiceWithNoClusterSetListsNone() {
        HttpAnswer answer = api.call("serviceName=nobody", resource::list);

        assertEquals(new HttpAnswer(200, "application/json;charset=UTF-8", "[]"), answer);
    }

    private void assertRefused(String message, String query) {
        HttpAnswer answer = api.call(query, resource::update);
        assertEquals(400, answer.status(), answer.body());
        assertTrue(answer.isText());
        if (message != null) {
            assertEquals(message, answer.body());
        }
    }

    private static String encoded(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
