package io.jacos.metrics;

import io.jacos.config.ConfigIndex;
import io.jacos.config.ConfigListeners;
import io.jacos.model.ConfigKey;
import io.jacos.push.ConfigStats;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The configuration service's counts and outcomes reach the scrape. */
class ConfigMetersTest {

    private static final ConfigKey A = new ConfigKey("public", "G", "a");
    private static final ConfigKey B = new ConfigKey("public", "G", "b");

    @Test
    void countsAndOutcomesAreScraped() {
        ConfigIndex index = new ConfigIndex();
        index.apply(A, "m1", 1);
        index.apply(B, "m2", 2);
        index.apply(B, "", 3);
        ConfigListeners listeners = new ConfigListeners();
        listeners.listen("c1", Map.of(A, "", B, ""));
        ConfigStats stats = new ConfigStats(index, listeners, null);
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        ConfigMeters meters = new ConfigMeters(registry, stats);
        stats.pollAnswered(true);
        stats.pollAnswered(false);
        stats.pollAnswered(false);
        meters.changed();

        String text = registry.scrape();
        assertEquals(1, PrometheusText.value(text, "jacos_configs"), "B was removed");
        assertEquals(2, PrometheusText.value(text, "jacos_config_listeners{transport=\"grpc\"}"));
        assertEquals(0, PrometheusText.value(text, "jacos_config_listeners{transport=\"http\"}"));
        assertEquals(1, PrometheusText.value(text, "jacos_config_long_polls_total{outcome=\"changed\"}"));
        assertEquals(2, PrometheusText.value(text, "jacos_config_long_polls_total{outcome=\"unchanged\"}"));
        assertEquals(0, PrometheusText.value(text, "jacos_config_notifications_total{outcome=\"acked\"}"));
        assertEquals(1, PrometheusText.value(text, "jacos_config_changes_total"));
        assertEquals(0, PrometheusText.value(text, "jacos_config_notify_latency_seconds_count"));
    }
}
