package io.jacos.metrics;

import io.jacos.push.ConfigStats;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.MeterRegistry;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The configuration service's meters: how many configurations and listeners there are, how notifications and long
 * polls ended, and how many changes this node saw (its own and, through the shared store, its peers'). Tags come
 * from fixed sets only.
 */
final class ConfigMeters {

    private final Counter changes;

    ConfigMeters(MeterRegistry registry, ConfigStats stats) {
        gauge(registry, "jacos.configs", "Configurations stored", stats, s -> s.configs());
        Gauge.builder("jacos.config.listeners", stats, s -> s.listeners()).tag("transport", "grpc")
                .description("Configurations listened to: (connection, configuration) pairs, or held long polls")
                .strongReference(true).register(registry);
        Gauge.builder("jacos.config.listeners", stats, s -> s.longPolls()).tag("transport", "http")
                .description("Configurations listened to: (connection, configuration) pairs, or held long polls")
                .strongReference(true).register(registry);
        counter(registry, "jacos.config.notifications", "gRPC change notifications by outcome", "outcome", "acked",
                stats, ConfigStats::notificationsAcked);
        counter(registry, "jacos.config.notifications", "gRPC change notifications by outcome", "outcome", "failed",
                stats, ConfigStats::notificationsFailed);
        counter(registry, "jacos.config.long.polls", "HTTP long polls answered, with a change or without",
                "outcome", "changed", stats, ConfigStats::pollsChanged);
        counter(registry, "jacos.config.long.polls", "HTTP long polls answered, with a change or without",
                "outcome", "unchanged", stats, ConfigStats::pollsUnchanged);
        Timer latency = Timer.builder("jacos.config.notify.latency")
                .description("From a configuration change taken in to the listener's ack of its first notification")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(60))
                .register(registry);
        stats.recordLatencyWith(millis -> latency.record(millis, TimeUnit.MILLISECONDS));
        changes = Counter.builder("jacos.config.changes")
                .description("Configuration changes this node took in (its own writes and its peers')")
                .register(registry);
    }

    void changed() {
        changes.increment();
    }

    private static void gauge(MeterRegistry registry, String name, String description, ConfigStats stats,
                              ToDoubleFunction<ConfigStats> value) {
        Gauge.builder(name, stats, value).description(description).strongReference(true).register(registry);
    }

    private static void counter(MeterRegistry registry, String name, String description, String tag, String value,
                                ConfigStats stats, ToLongFunction<ConfigStats> count) {
        FunctionCounter.builder(name, stats, s -> count.applyAsLong(s)).description(description).tag(tag, value)
                .register(registry);
    }
}
