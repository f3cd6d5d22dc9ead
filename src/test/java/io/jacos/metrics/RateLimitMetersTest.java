package io.jacos.metrics;

import io.jacos.limit.RateLimits;
import io.jacos.testing.SteppedClock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Each limit's setting, refusals and peak reach the scrape, tagged with the setting's name. */
class RateLimitMetersTest {

    @Test
    void refusalsAndThePeakAreScraped() {
        RateLimits limits = new RateLimits(0, 0, 0, 0, 2, 100, new SteppedClock(0));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        RateLimitMeters.register(registry, limits.all());
        for (int i = 0; i < 5; i++) {
            limits.httpRefusal("10.0.0.1");
        }
        String text = registry.scrape();
        String tag = "{limit=\"jacos.limit.http.per-ip\"}";
        assertEquals(2, PrometheusText.value(text, "jacos_rate_limit" + tag));
        assertEquals(2, PrometheusText.value(text, "jacos_rate_limit_peak" + tag));
        assertEquals(3, PrometheusText.value(text, "jacos_rate_limit_refused_total" + tag));
        assertEquals(0, PrometheusText.value(text, "jacos_rate_limit" + "{limit=\"jacos.limit.grpc.per-ip\"}"));
    }
}
