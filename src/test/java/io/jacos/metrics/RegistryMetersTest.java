package io.jacos.metrics;

import io.jacos.event.BeatReceived;
import io.jacos.health.HealthStats;
import io.jacos.health.HealthStatsFixture;
import io.jacos.push.PushStats;
import io.jacos.push.PushStatsFixture;
import io.jacos.registry.RegistryStats;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The meters as Prometheus reads them, fed by hand-set sources. */
class RegistryMetersTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final AtomicReference<RegistryStats> stats = new AtomicReference<>(new RegistryStats(0, 0, 0, 0));
    private final AtomicInteger reads = new AtomicInteger();
    private final AtomicInteger grpc = new AtomicInteger();
    private final AtomicInteger http = new AtomicInteger();
    private final PushStats push = new PushStats();
    private final HealthStats health = new HealthStats();
    private final RegistryMeters meters = new RegistryMeters(registry, new RegistryMeters.Sources(() -> {
        reads.incrementAndGet();
        return stats.get();
    }, grpc::get, http::get, push, health));

    private double value(String series) {
        return PrometheusText.value(scrape(), series);
    }

    private String scrape() {
        meters.refresh();
        return registry.scrape();
    }

    @Test
    void registryGaugesShowTheSnapshotTakenAtTheScrapeAndTheNacosNamesAgree() {
        stats.set(new RegistryStats(3, 7, 2, 6, 5, 2, 1));
        grpc.set(3);
        http.set(2);
        String text = scrape();
        assertEquals(3, PrometheusText.value(text, "jacos_services"));
        assertEquals(7, PrometheusText.value(text, "jacos_instances"));
        assertEquals(5, PrometheusText.value(text, "jacos_instances_healthy"));
        assertEquals(2, PrometheusText.value(text, "jacos_subscribers"));
        assertEquals(3, PrometheusText.value(text, "jacos_clients{kind=\"connection\"}"));
        assertEquals(2, PrometheusText.value(text, "jacos_clients{kind=\"ip_port\"}"));
        assertEquals(1, PrometheusText.value(text, "jacos_clients{kind=\"persistent\"}"));
        assertEquals(3, PrometheusText.value(text, "jacos_connections{transport=\"grpc\"}"));
        assertEquals(2, PrometheusText.value(text, "jacos_connections{transport=\"http\"}"));
        assertEquals(3, PrometheusText.value(text, "nacos_monitor{module=\"naming\",name=\"serviceCount\"}"));
        assertEquals(7, PrometheusText.value(text, "nacos_monitor{module=\"naming\",name=\"ipCount\"}"));
        assertEquals(2, PrometheusText.value(text, "nacos_monitor{module=\"naming\",name=\"subscriberCount\"}"));
        assertEquals(3, PrometheusText.value(text, "nacos_monitor{module=\"core\",name=\"longConnection\"}"));
        assertEquals(1, reads.get(), "one registry read per scrape, whatever the number of gauges");
    }

    @Test
    void pushCountersAndTheLatencyHistogramFollowThePushes() {
        PushStatsFixture.succeeded(push, "grpc", 4);
        PushStatsFixture.failed(push, "grpc", 1);
        PushStatsFixture.succeeded(push, "udp", 2);
        meters.pushDelivered("grpc", 30);
        meters.pushDelivered("grpc", 500);
        meters.pushDelivered("some-new-channel", 5);
        String text = scrape();
        assertEquals(4, PrometheusText.value(text, "jacos_pushes_total{channel=\"grpc\",outcome=\"succeeded\"}"));
        assertEquals(1, PrometheusText.value(text, "jacos_pushes_total{channel=\"grpc\",outcome=\"failed\"}"));
        assertEquals(2, PrometheusText.value(text, "jacos_pushes_total{channel=\"udp\",outcome=\"succeeded\"}"));
        assertEquals(7, PrometheusText.value(text, "nacos_monitor{module=\"naming\",name=\"totalPush\"}"));
        assertEquals(1, PrometheusText.value(text, "nacos_monitor{module=\"naming\",name=\"failedPush\"}"));
        assertEquals(2, PrometheusText.value(text, "jacos_push_latency_seconds_count{channel=\"grpc\"}"));
        assertEquals(0.53, PrometheusText.value(text, "jacos_push_latency_seconds_sum{channel=\"grpc\"}"), 1e-9);
        assertEquals(0, PrometheusText.value(text, "jacos_push_latency_seconds_count{channel=\"udp\"}"));
        assertTrue(text.contains("jacos_push_latency_seconds_bucket{channel=\"grpc\",le=\"+Inf\"} 2"), text);
        assertEquals(1, bucketBelow(text, 0.5), "30 ms is under 0.5 s, 500 ms is not");
        assertTrue(!text.contains("some-new-channel"), "an unknown channel makes no new series");
    }

    /** The count of the largest grpc latency bucket whose bound is below {@code seconds}. */
    private static double bucketBelow(String text, double seconds) {
        double bound = -1;
        double count = -1;
        for (String line : text.split("\n")) {
            String prefix = "jacos_push_latency_seconds_bucket{channel=\"grpc\",le=\"";
            if (line.startsWith(prefix) && !line.contains("+Inf")) {
                double le = Double.parseDouble(line.substring(prefix.length(), line.indexOf('"', prefix.length())));
                if (le < seconds && le > bound) {
                    bound = le;
                    count = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                }
            }
        }
        return count;
    }

    @Test
    void beatAndHealthCheckCountersCarryTheirOutcome() {
        meters.beat(BeatReceived.Outcome.KNOWN);
        meters.beat(BeatReceived.Outcome.KNOWN);
        meters.beat(BeatReceived.Outcome.UNKNOWN);
        HealthStatsFixture.probed(health, HealthStats.Check.TCP, HealthStats.Outcome.DOWN);
        HealthStatsFixture.probed(health, HealthStats.Check.CONNECTION, HealthStats.Outcome.UP);
        String text = scrape();
        assertEquals(2, PrometheusText.value(text, "jacos_beats_total{outcome=\"known\"}"));
        assertEquals(1, PrometheusText.value(text, "jacos_beats_total{outcome=\"unknown\"}"));
        assertEquals(0, PrometheusText.value(text, "jacos_beats_total{outcome=\"reregistered\"}"));
        assertEquals(1, PrometheusText.value(text, "jacos_health_checks_total{check=\"tcp\",outcome=\"down\"}"));
        assertEquals(1, PrometheusText.value(text,
                "jacos_health_checks_total{check=\"connection\",outcome=\"up\"}"));
        assertEquals(0, PrometheusText.value(text, "jacos_health_checks_total{check=\"http\",outcome=\"up\"}"));
    }

    @Test
    void theNumberOfSeriesIsFixedWhateverHappens() {
        long before = registry.getMeters().size();
        for (int i = 0; i < 1000; i++) {
            meters.pushDelivered(i % 2 == 0 ? "grpc" : "udp", i);
            meters.beat(BeatReceived.Outcome.values()[i % 3]);
        }
        stats.set(new RegistryStats(1000, 100_000, 5000, 2000, 90_000, 10, 10));
        scrape();
        assertEquals(before, registry.getMeters().size());
    }
}
