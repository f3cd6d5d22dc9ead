package io.jacos.metrics;

import io.jacos.application.ConnectionDirectory;
import io.jacos.cluster.ClusterMembers;
import io.jacos.event.BeatReceived;
import io.jacos.event.ConfigChanged;
import io.jacos.event.PushDelivered;
import io.jacos.health.HealthStats;
import io.jacos.limit.RateLimits;
import io.jacos.model.ClientKind;
import io.jacos.push.ConfigStats;
import io.jacos.push.PushStats;
import io.jacos.registry.RegistryReader;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * The application's one meter registry, in Prometheus form: made at deployment (so counters start with the
 * application, see {@link #start()}), closed at undeploy. Observes beats and acknowledged pushes; {@link #scrape()} refreshes the
 * registry snapshot and renders the text the actuator endpoint serves.
 */
@ApplicationScoped
public class JacosMetrics {

    /** The Prometheus text exposition format the scrape renders. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final RegistryReader reader;
    private final PushStats push;
    private final HealthStats health;
    private final ConnectionDirectory connections;
    private final ClusterMembers cluster;
    private final RateLimits limits;
    private final ConfigStats configStats;

    private PrometheusMeterRegistry registry;
    private RegistryMeters meters;
    private ConfigMeters configMeters;

    /** For the container's proxy. */
    protected JacosMetrics() {
        this(null, null, null, null, null, null, null);
    }

    @Inject
    public JacosMetrics(RegistryReader reader, PushStats push, HealthStats health, ConnectionDirectory connections,
                        ClusterMembers cluster, RateLimits limits, ConfigStats configStats) {
        this.reader = reader;
        this.push = push;
        this.health = health;
        this.connections = connections;
        this.cluster = cluster;
        this.limits = limits;
        this.configStats = configStats;
    }

    @PostConstruct
    void create() {
        registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        meters = new RegistryMeters(registry, new RegistryMeters.Sources(reader::stats, connections::count,
                () -> reader.countOwned(ClientKind.IP_PORT, cluster.self().address()), push, health));
        RateLimitMeters.register(registry, limits.all());
        configMeters = new ConfigMeters(registry, configStats);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
    }

    /** Called while the application deploys, so the bean and its counters exist from then on. */
    public void start() {
        meters.refresh();
    }

    @PreDestroy
    void stop() {
        registry.close();
    }

    void onBeat(@Observes BeatReceived event) {
        meters.beat(event.outcome());
    }

    void onPushDelivered(@Observes PushDelivered event) {
        meters.pushDelivered(event.channel(), event.latencyMillis());
    }

    void onConfigChanged(@Observes ConfigChanged event) {
        // Changes of the formal versions: a gray release is not a change of what every client reads.
        if (!event.gray()) {
            configMeters.changed();
        }
    }

    /** The current meters in the Prometheus text format (version 0.0.4). */
    public String scrape() {
        meters.refresh();
        return registry.scrape();
    }
}
