package io.jacos.metrics;

import io.jacos.registry.RegistryStats;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The gauges Nacos exports as {@code nacos_monitor{module, name}} that have a meaning here, under Nacos's names,
 * so dashboards built for Nacos keep working: the naming counts, the push totals and the core's long
 * connections. Nacos's raft, disk and leader gauges have no counterpart and are left out.
 */
final class NacosMonitorGauges {

    private NacosMonitorGauges() {
    }

    static void register(MeterRegistry registry, Supplier<RegistryStats> stats, RegistryMeters.Sources sources) {
        naming(registry, "serviceCount", stats, RegistryStats::serviceCount);
        naming(registry, "ipCount", stats, RegistryStats::instanceCount);
        naming(registry, "subscriberCount", stats, RegistryStats::subscriberCount);
        monitor(registry, "naming", "totalPush", sources, s -> s.push().succeededCount() + s.push().failedCount());
        monitor(registry, "naming", "failedPush", sources, s -> s.push().failedCount());
        monitor(registry, "core", "longConnection", sources, s -> s.grpcConnections().getAsInt());
    }

    private static void naming(MeterRegistry registry, String name, Supplier<RegistryStats> stats,
                               ToDoubleFunction<RegistryStats> value) {
        Gauge.builder("nacos_monitor", stats, s -> value.applyAsDouble(s.get())).tag("module", "naming")
                .tag("name", name).strongReference(true).register(registry);
    }

    private static void monitor(MeterRegistry registry, String module, String name, RegistryMeters.Sources sources,
                                ToDoubleFunction<RegistryMeters.Sources> value) {
        Gauge.builder("nacos_monitor", sources, value).tag("module", module).tag("name", name)
                .strongReference(true).register(registry);
    }
}
