package io.jacos.metrics;

import io.jacos.limit.KeyedLimit;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.List;

/**
 * The rate limits seen from outside: requests each limit refused ({@code jacos_rate_limit_refused_total}) and
 * its busiest key's most requests within one second ({@code jacos_rate_limit_peak}), next to the limit itself
 * ({@code jacos_rate_limit}), so an operator can tell how close real traffic comes before lowering a limit.
 * Tagged by the setting's name: a fixed set.
 */
final class RateLimitMeters {

    private RateLimitMeters() {
    }

    static void register(MeterRegistry registry, List<KeyedLimit> limits) {
        for (KeyedLimit limit : limits) {
            FunctionCounter.builder("jacos_rate_limit_refused", limit, KeyedLimit::refusedCount)
                    .tag("limit", limit.name()).description("Requests refused over this limit")
                    .register(registry);
            Gauge.builder("jacos_rate_limit_peak", limit, KeyedLimit::peakPerSecond).tag("limit", limit.name())
                    .description("Most requests one key made within one second").strongReference(true)
                    .register(registry);
            Gauge.builder("jacos_rate_limit", limit, KeyedLimit::ratePerSecond).tag("limit", limit.name())
                    .description("Requests per second allowed per key; 0 = no limit").strongReference(true)
                    .register(registry);
        }
    }
}
