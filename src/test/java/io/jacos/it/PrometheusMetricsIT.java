package io.jacos.it;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.naming.NamingService;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.EventRecorder;
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

import java.util.List;
import java.util.Map;

import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /nacos/actuator/prometheus} as Prometheus scrapes it, with real 2.5.1 clients coming and going. The
 * server is shared with other test classes, so the registry gauges are checked against what the server lists
 * at the same moment (the Prometheus SD of every namespace) and against this test's own namespace: the gauge
 * must move by exactly this test's instances, whatever the others hold.
 */
@ExtendWith(SharedServer.class)
@DisplayName("Prometheus metrics")
class PrometheusMetricsIT {

    private static final String SCRAPE = "/nacos/actuator/prometheus";

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private String namespace;

    /** One moment of the server: the gauges, every listed instance, and this test's namespace's. */
    private record Reading(double instances, double healthy, double services, int listed, int listedHealthy,
                           int listedServices, int mine, int mineHealthy) {
        int others() {
            return listed - mine;
        }

        int othersHealthy() {
            return listedHealthy - mineHealthy;
        }
    }

    private static int healthy(JsonNode groups) {
        int healthy = 0;
        for (JsonNode group : groups) {
            healthy += group.path("labels").path("__meta_nacos_healthy").asBoolean() ? 1 : 0;
        }
        return healthy;
    }

    @BeforeEach
    void ownNamespace() {
        namespace = http.createNamespace("metrics");
    }

    @AfterEach
    void close() {
        clients.close();
    }

    private String scrape() {
        Answer answer = http.get(SCRAPE, Map.of());
        assertEquals(200, answer.status(), answer::toString);
        return answer.body();
    }

    private double value(String series) {
        return PrometheusText.value(scrape(), series);
    }

    /** A reading whose gauges agree with the instances listed just after: nothing changed in between. */
    private Reading settled() {
        String text = scrape();
        JsonNode all = http.get("/nacos/prometheus", Map.of()).json();
        JsonNode mine = http.get("/nacos/prometheus/namespaceId/" + namespace, Map.of()).json();
        java.util.Set<String> services = new java.util.HashSet<>();
        all.forEach(group -> services.add(group.path("labels").path("__meta_nacos_namespace").asText() + "/"
                + group.path("labels").path("__meta_nacos_group").asText() + "/"
                + group.path("labels").path("__meta_nacos_service").asText()));
        Reading reading = new Reading(PrometheusText.value(text, "jacos_instances"),
                PrometheusText.value(text, "jacos_instances_healthy"), PrometheusText.value(text, "jacos_services"),
                all.size(), healthy(all), services.size(), mine.size(), healthy(mine));
        assertTrue(reading.services() >= reading.listedServices(), () -> "services gauge vs listed: " + reading);
        assertEquals(reading.services(), PrometheusText.value(text,
                "nacos_monitor{module=\"naming\",name=\"serviceCount\"}"), 0.0);
        assertEquals(reading.instances(), PrometheusText.value(text,
                "nacos_monitor{module=\"naming\",name=\"ipCount\"}"), 0.0);
        assertEquals(reading.listed(), (int) reading.instances(), () -> "instance gauge vs listed: " + reading);
        assertEquals(reading.listedHealthy(), (int) reading.healthy(), () -> "healthy gauge vs listed: " + reading);
        return reading;
    }

    private Reading settledWhen(java.util.function.Predicate<Reading> condition) {
        Reading[] last = new Reading[1];
        await().atMost(Waits.PUSH).untilAsserted(() -> {
            last[0] = settled();
            assertTrue(condition.test(last[0]), () -> "not yet: " + last[0] + " "
                    + http.get("/nacos/prometheus/namespaceId/" + namespace, Map.of()).body());
        });
        return last[0];
    }

    @Test
    @DisplayName("the scrape is Prometheus text with every Jacos meter and Nacos's nacos_monitor gauges")
    void textFormat() {
        Answer answer = http.get(SCRAPE, Map.of());
        assertEquals(200, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith("text/plain") && answer.contentType().contains("version=0.0.4"),
                answer.contentType());
        String text = answer.body();
        for (String series : List.of("jacos_services", "jacos_instances", "jacos_instances_healthy",
                "jacos_subscribers", "jacos_connections{transport=\"grpc\"}", "jacos_connections{transport=\"http\"}",
                "jacos_pushes_total{channel=\"grpc\",outcome=\"succeeded\"}",
                "jacos_pushes_total{channel=\"udp\",outcome=\"failed\"}",
                "jacos_push_latency_seconds_count{channel=\"grpc\"}", "jacos_beats_total{outcome=\"known\"}",
                "jacos_health_checks_total{check=\"tcp\",outcome=\"up\"}",
                "jacos_health_checks_total{check=\"connection\",outcome=\"down\"}",
                "nacos_monitor{module=\"naming\",name=\"serviceCount\"}",
                "nacos_monitor{module=\"naming\",name=\"ipCount\"}",
                "nacos_monitor{module=\"naming\",name=\"subscriberCount\"}",
                "nacos_monitor{module=\"core\",name=\"longConnection\"}", "jacos_configs",
                "jacos_config_listeners{transport=\"grpc\"}", "jacos_config_listeners{transport=\"http\"}",
                "jacos_config_notifications_total{outcome=\"acked\"}",
                "jacos_config_long_polls_total{outcome=\"unchanged\"}", "jacos_config_changes_total")) {
            PrometheusText.value(text, series);
        }
        assertTrue(text.contains("# TYPE jacos_push_latency_seconds histogram"), "latency is a histogram");
        assertTrue(text.contains("jvm_memory_used_bytes"), "the JVM's meters come along");
    }

    @Test
    @DisplayName("the instance gauges go up by exactly the registered instances and back down when the client goes")
    void instanceGaugesFollowClients() throws Exception {
        Reading before = settledWhen(r -> r.mine() == 0);

        NamingService provider = clients.open(Map.of(PropertyKeyConst.NAMESPACE, namespace));
        String service = NamingClients.uniqueName("metrics");
        // One connection holds one registration per service: two instances of it go as a batch.
        provider.batchRegisterInstance(service, "DEFAULT_GROUP", List.of(instance("127.0.0.31", 9001),
                instance("127.0.0.32", 9002)));
        provider.registerInstance(NamingClients.uniqueName("metrics"), instance("127.0.0.33", 9003));

        Reading during = settledWhen(r -> r.mine() == 3 && r.mineHealthy() == 3);
        assertEquals(before.instances() + 3 + (during.others() - before.others()), during.instances(), 0.0,
                () -> before + " -> " + during);
        assertEquals(before.healthy() + 3 + (during.othersHealthy() - before.othersHealthy()), during.healthy(), 0.0,
                () -> before + " -> " + during);
        assertTrue(value("jacos_connections{transport=\"grpc\"}") >= 1, "the provider's connection counted");

        clients.shutDown(provider);
        Reading after = settledWhen(r -> r.mine() == 0);
        assertEquals(during.instances() - 3 + (after.others() - during.others()), after.instances(), 0.0,
                () -> during + " -> " + after);
        assertEquals(during.healthy() - 3 + (after.othersHealthy() - during.othersHealthy()), after.healthy(), 0.0,
                () -> during + " -> " + after);
    }

    @Test
    @DisplayName("a push to a subscriber moves the grpc push counter and the latency histogram together")
    void pushesAreCountedAndTimed() throws Exception {
        String succeeded = "jacos_pushes_total{channel=\"grpc\",outcome=\"succeeded\"}";
        String timed = "jacos_push_latency_seconds_count{channel=\"grpc\"}";
        double pushesBefore = value(succeeded);
        double timedBefore = value(timed);

        NamingService provider = clients.open(Map.of(PropertyKeyConst.NAMESPACE, namespace));
        NamingService consumer = clients.open(Map.of(PropertyKeyConst.NAMESPACE, namespace));
        String service = NamingClients.uniqueName("pushed");
        EventRecorder recorder = new EventRecorder();
        consumer.subscribe(service, recorder);
        provider.registerInstance(service, instance("127.0.0.34", 9004));
        await().atMost(Waits.PUSH).until(() -> List.of("127.0.0.34:9004").equals(recorder.lastEndpoints()));

        await().atMost(Waits.PUSH).untilAsserted(() -> {
            String text = scrape();
            assertTrue(PrometheusText.value(text, succeeded) >= pushesBefore + 1, "push counted");
            assertTrue(PrometheusText.value(text, timed) >= timedBefore + 1, "push timed");
            // Every acknowledged push is timed once: the histogram's count is the success counter.
            assertEquals(PrometheusText.value(text, succeeded), PrometheusText.value(text, timed), 0.0);
        });
        String text = scrape();
        assertTrue(PrometheusText.value(text, "jacos_push_latency_seconds_sum{channel=\"grpc\"}") > 0, text);
        assertTrue(text.contains("jacos_push_latency_seconds_bucket{channel=\"grpc\",le=\"+Inf\"}"), text);
        assertTrue(PrometheusText.value(text, "nacos_monitor{module=\"naming\",name=\"totalPush\"}")
                >= pushesBefore + 1);
    }

    @Test
    @DisplayName("a 1.x beat over HTTP is counted by its outcome")
    void beatsAreCounted() {
        String service = NamingClients.uniqueName("beats");
        Map<String, String> id = Map.of("serviceName", "DEFAULT_GROUP@@" + service, "ip", "127.0.0.35", "port", "9005");
        double unknownBefore = value("jacos_beats_total{outcome=\"unknown\"}");
        Answer unknown = http.call("PUT", "/nacos/v1/ns/instance/beat", id);
        assertEquals(20404, unknown.json().path("code").asInt(), unknown::toString);
        assertTrue(value("jacos_beats_total{outcome=\"unknown\"}") >= unknownBefore + 1);

        Map<String, String> register = new java.util.HashMap<>(id);
        register.put("ephemeral", "true");
        assertEquals(200, http.call("POST", "/nacos/v1/ns/instance", register).status());
        double knownBefore = value("jacos_beats_total{outcome=\"known\"}");
        Answer known = http.call("PUT", "/nacos/v1/ns/instance/beat", id);
        assertEquals(10200, known.json().path("code").asInt(), known::toString);
        assertTrue(value("jacos_beats_total{outcome=\"known\"}") >= knownBefore + 1);
        http.call("DELETE", "/nacos/v1/ns/instance", register);
    }
}
