package io.jacos.it;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import io.jacos.metrics.PrometheusText;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nacos's Prometheus HTTP service discovery ({@code /nacos/prometheus/...}) over instances real 2.5.1 clients
 * registered: the answer is Prometheus's HTTP SD format (a JSON array of target groups), lists exactly the
 * namespace's instances, ephemeral and persistent, and refuses an unknown namespace with a 4xx JSON error.
 */
@ExtendWith(SharedServer.class)
@DisplayName("Prometheus HTTP service discovery")
class PrometheusServiceDiscoveryIT {

    private static final String SD = "/nacos/prometheus";

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private final List<Map<String, String>> persistent = new ArrayList<>();
    private String namespace;

    @BeforeEach
    void ownNamespace() {
        namespace = http.createNamespace("sd");
    }

    @AfterEach
    void close() {
        clients.close();
        persistent.forEach(instance -> http.call("DELETE", "/nacos/v1/ns/instance", instance));
    }

    private JsonNode sd(String path) {
        Answer answer = http.get(SD + path, Map.of());
        assertEquals(200, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith("application/json"), answer::toString);
        JsonNode groups = answer.json();
        assertTrue(groups.isArray(), answer::toString);
        return groups;
    }

    /** Every target of the answer, sorted; each group must hold exactly one target. */
    private static List<String> targets(JsonNode groups) {
        List<String> targets = new ArrayList<>();
        for (JsonNode group : groups) {
            assertEquals(1, group.path("targets").size(), group::toString);
            assertTrue(group.path("labels").isObject(), group::toString);
            targets.add(group.path("targets").get(0).asText());
        }
        return targets.stream().sorted().toList();
    }

    private static JsonNode labelsOf(JsonNode groups, String target) {
        for (JsonNode group : groups) {
            if (group.path("targets").get(0).asText().equals(target)) {
                return group.path("labels");
            }
        }
        throw new AssertionError("no target " + target + " in " + groups);
    }

    @Test
    @DisplayName("a namespace lists exactly its instances, ephemeral and persistent, with Nacos's labels")
    void namespaceListsItsInstances() throws Exception {
        String failedTcp = "jacos_health_checks_total{check=\"tcp\",outcome=\"down\"}";
        double failedTcpBefore = PrometheusText.value(http.get("/nacos/actuator/prometheus", Map.of()).body(),
                failedTcp);
        NamingService provider = clients.open(Map.of(PropertyKeyConst.NAMESPACE, namespace));
        String web = NamingClients.uniqueName("web");
        String api = NamingClients.uniqueName("api");
        Instance tagged = instance("127.0.0.41", 9101);
        tagged.setClusterName("c1");
        tagged.setMetadata(Map.of("version", "1.0", "app.name", "shop", "team-owner", "pay"));
        // One connection holds one registration per service: two instances of it go as a batch.
        provider.batchRegisterInstance(web, "DEFAULT_GROUP", List.of(tagged, instance("127.0.0.42", 9102)));
        provider.registerInstance(api, "GROUP_B", instance("127.0.0.43", 9103));
        Instance stored = instance("127.0.0.44", 9104);
        stored.setEphemeral(false);
        provider.registerInstance(api, stored);
        persistent.add(Map.of("serviceName", api, "ip", "127.0.0.44", "port", "9104", "ephemeral", "false",
                "namespaceId", namespace));

        List<String> expected = List.of("127.0.0.41:9101", "127.0.0.42:9102", "127.0.0.43:9103", "127.0.0.44:9104");
        await().atMost(Waits.PUSH).until(() -> targets(sd("/namespaceId/" + namespace)).equals(expected));

        JsonNode groups = sd("/namespaceId/" + namespace);
        JsonNode labels = labelsOf(groups, "127.0.0.41:9101");
        assertEquals("c1", labels.path("__meta_clusterName").asText(), labels::toString);
        assertEquals("1.0", labels.path("version").asText(), labels::toString);
        assertEquals("shop", labels.path("app_name").asText(), "dots become underscores: " + labels);
        assertEquals("pay", labels.path("team_owner").asText(), "dashes become underscores: " + labels);
        assertEquals(namespace, labels.path("__meta_nacos_namespace").asText());
        assertEquals("DEFAULT_GROUP", labels.path("__meta_nacos_group").asText());
        assertEquals(web, labels.path("__meta_nacos_service").asText());
        assertEquals("true", labels.path("__meta_nacos_ephemeral").asText());
        JsonNode storedLabels = labelsOf(groups, "127.0.0.44:9104");
        assertEquals("DEFAULT", storedLabels.path("__meta_clusterName").asText());
        assertEquals("false", storedLabels.path("__meta_nacos_ephemeral").asText(), storedLabels::toString);
        assertEquals("GROUP_B", labelsOf(groups, "127.0.0.43:9103").path("__meta_nacos_group").asText());

        // Nothing listens on the persistent instance's port: the server's TCP check fails, is counted, and
        // the instance, listed still, turns unhealthy.
        await().atMost(Waits.PUSH).until(() -> PrometheusText.value(http.get("/nacos/actuator/prometheus",
                Map.of()).body(), failedTcp) > failedTcpBefore);
        await().atMost(Waits.PUSH).until(() -> labelsOf(sd("/namespaceId/" + namespace), "127.0.0.44:9104")
                .path("__meta_nacos_healthy").asText().equals("false"));

        List<String> everywhere = targets(sd(""));
        assertTrue(everywhere.containsAll(expected), "the all-namespaces form lists them too: " + everywhere);

        clients.shutDown(provider);
        await().atMost(Waits.PUSH).until(() -> targets(sd("/namespaceId/" + namespace))
                .equals(List.of("127.0.0.44:9104")));
    }

    @Test
    @DisplayName("the per-service form takes group@@name, or a bare name in any group as Nacos does")
    void perService() throws Exception {
        NamingService provider = clients.open(Map.of(PropertyKeyConst.NAMESPACE, namespace));
        String name = NamingClients.uniqueName("svc");
        provider.registerInstance(name, instance("127.0.0.51", 9201));
        provider.registerInstance(name, "GROUP_B", instance("127.0.0.52", 9202));
        provider.registerInstance(NamingClients.uniqueName("other"), instance("127.0.0.53", 9203));
        String base = "/namespaceId/" + namespace + "/service/";

        await().atMost(Waits.PUSH).until(() -> targets(sd(base + name)).size() == 2);
        assertEquals(List.of("127.0.0.51:9201", "127.0.0.52:9202"), targets(sd(base + name)));
        assertEquals(List.of("127.0.0.51:9201"), targets(sd(base + "DEFAULT_GROUP@@" + name)));
        assertEquals(List.of("127.0.0.52:9202"), targets(sd(base + "GROUP_B@@" + name)));
        assertEquals(List.of(), targets(sd(base + "nobody-" + name)), "an unknown service lists nothing");
    }

    @Test
    @DisplayName("an unknown namespace is a 404 JSON error in the v2 envelope; unknown paths too")
    void unknownNamespace() {
        for (String path : List.of("/namespaceId/no-such-" + namespace,
                "/namespaceId/no-such-" + namespace + "/service/x")) {
            Answer answer = http.get(SD + path, Map.of());
            assertEquals(404, answer.status(), answer::toString);
            assertTrue(answer.contentType().startsWith("application/json"), answer::toString);
            assertEquals(22001, answer.json().path("code").asInt(), answer::toString);
            assertTrue(answer.json().path("data").asText().contains("no-such-" + namespace), answer::toString);
        }
        assertEquals(List.of(), targets(sd("/namespaceId/" + namespace)), "a created, empty namespace: []");

        Answer unknownPath = http.get(SD + "/nonsense", Map.of());
        assertEquals(404, unknownPath.status(), unknownPath::toString);
        assertEquals(20004, unknownPath.json().path("code").asInt(), unknownPath::toString);
        Answer wrongMethod = http.call("POST", SD, Map.of());
        assertEquals(405, wrongMethod.status(), wrongMethod::toString);
    }
}
