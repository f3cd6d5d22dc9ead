package io.jacos.metrics;

import io.jacos.event.BeatReceived;
import io.jacos.health.HealthStats;
import io.jacos.push.PushStats;
import io.jacos.registry.RegistryStats;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * Every Jacos meter, registered once on construction. The registry gauges read one {@link RegistryStats}
 * taken by {@link #refresh()} before each scrape, so a scrape walks the indexes once however many gauges
 * read them. Besides the {@code jacos_*} meters it keeps Nacos's {@code nacos_monitor} gauges, which existing
 * Nacos Grafana dashboards query.
 */
public final class RegistryMeters {

    /** The push channels the transports name (a fixed set: {@code PushChannel.name()} of each transport). */
    static final List<String> CHANNELS = List.of("grpc", "udp");

    /** What the gauges read. {@code httpClients} counts the 1.x ip:port clients this node owns. */
    public record Sources(Supplier<RegistryStats> stats, IntSupplier grpcConnections, IntSupplier httpClients,
                          PushStats push, HealthStats health) {
    }

    private final Sources sources;
    private volatile RegistryStats current = new RegistryStats(0, 0, 0, 0);
    private final Map<BeatReceived.Outcome, Counter> beats = new EnumMap<>(BeatReceived.Outcome.class);
    private final Map<String, Timer> latency;

    public RegistryMeters(MeterRegistry registry, Sources sources) {
        this.sources = sources;
        gauge(registry, "jacos.services", "Services in the registry", RegistryStats::serviceCount);
        gauge(registry, "jacos.instances", "Instances in the registry", RegistryStats::instanceCount);
        gauge(registry, "jacos.instances.healthy", "Healthy instances in the registry",
                RegistryStats::healthyInstanceCount);
        gauge(registry, "jacos.subscribers", "Subscriptions (subscriber, service)", RegistryStats::subscriberCount);
        clients(registry, "connection", s -> s.clientCount() - s.ipPortClientCount() - s.persistentClientCount());
        clients(registry, "ip_port", RegistryStats::ipPortClientCount);
        clients(registry, "persistent", RegistryStats::persistentClientCount);
        connections(registry, "grpc", sources.grpcConnections());
        connections(registry, "http", sources.httpClients());
        Map<String, Timer> timers = new HashMap<>();
        for (String channel : CHANNELS) {
            pushCounter(registry, channel, "succeeded", p -> p.succeededCount(channel));
            pushCounter(registry, channel, "failed", p -> p.failedCount(channel));
            timers.put(channel, Timer.builder("jacos.push.latency")
                    .description("From a service change (or a new subscription) to the subscriber's ack")
                    .tag("channel", channel).publishPercentileHistogram()
                    .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(60))
                    .register(registry));
        }
        latency = Map.copyOf(timers);
        for (BeatReceived.Outcome outcome : BeatReceived.Outcome.values()) {
            beats.put(outcome, Counter.builder("jacos.beats").description("1.x client beats answered")
                    .tag("outcome", outcome.name().toLowerCase(Locale.ROOT)).register(registry));
        }
        for (HealthStats.Check check : HealthStats.Check.values()) {
            for (HealthStats.Outcome outcome : HealthStats.Outcome.values()) {
                FunctionCounter.builder("jacos.health.checks", sources.health(), h -> h.count(check, outcome))
                        .description("Server-side checks: persistent instances (tcp, http) and idle connections")
                        .tag("check", check.name().toLowerCase(Locale.ROOT))
                        .tag("outcome", outcome.name().toLowerCase(Locale.ROOT)).register(registry);
            }
        }
        NacosMonitorGauges.register(registry, this::current, sources);
    }

    /** Takes the snapshot the registry gauges read until the next refresh. */
    public void refresh() {
        current = sources.stats().get();
    }

    RegistryStats current() {
        return current;
    }

    public void beat(BeatReceived.Outcome outcome) {
        beats.get(outcome).increment();
    }

    /** Records an acknowledged push's latency; a channel outside {@link #CHANNELS} has no timer. */
    public void pushDelivered(String channel, long latencyMillis) {
        Timer timer = latency.get(channel);
        if (timer != null) {
            timer.record(latencyMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void gauge(MeterRegistry registry, String name, String description,
                       ToDoubleFunction<RegistryStats> value) {
        Gauge.builder(name, this, m -> value.applyAsDouble(m.current)).description(description)
                .strongReference(true).register(registry);
    }

    private void clients(MeterRegistry registry, String kind, ToDoubleFunction<RegistryStats> value) {
        Gauge.builder("jacos.clients", this, m -> value.applyAsDouble(m.current))
                .description("Clients by kind (in a cluster, peers' copies included)").tag("kind", kind)
                .strongReference(true).register(registry);
    }

    private static void connections(MeterRegistry registry, String transport, IntSupplier count) {
        Gauge.builder("jacos.connections", count, IntSupplier::getAsInt)
                .description("Clients connected to this node, per transport").tag("transport", transport)
                .strongReference(true).register(registry);
    }

    private void pushCounter(MeterRegistry registry, String channel, String outcome,
                             ToDoubleFunction<PushStats> count) {
        FunctionCounter.builder("jacos.pushes", sources.push(), count).description("Pushes by outcome")
                .tag("channel", channel).tag("outcome", outcome).register(registry);
    }
}
