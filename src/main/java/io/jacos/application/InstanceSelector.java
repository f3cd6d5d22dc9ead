package io.jacos.application;

import io.jacos.registry.model.Instance;
import io.jacos.registry.model.ServiceView;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Nacos result filtering: keep the requested clusters and enabled instances, optionally only healthy ones,
 * then apply the protect threshold (when the healthy share is at or below it, every host is returned as
 * healthy, so callers are not starved while most of a service is failing).
 */
public final class InstanceSelector {

    private InstanceSelector() {
    }

    public static Selection select(ServiceView view, String clusters, boolean healthyOnly) {
        Set<String> wanted = clusters == null || clusters.isBlank() ? Set.of()
                : Arrays.stream(clusters.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .collect(Collectors.toSet());
        List<Instance> hosts = new ArrayList<>();
        int healthy = 0;
        for (Instance instance : view.instances()) {
            if (!instance.enabled() || (!wanted.isEmpty() && !wanted.contains(instance.clusterName()))) {
                continue;
            }
            if (instance.healthy()) {
                healthy++;
            }
            if (!healthyOnly || instance.healthy()) {
                hosts.add(instance);
            }
        }
        boolean protect = false;
        if (!hosts.isEmpty() && (float) healthy / hosts.size() <= Math.max(view.protectThreshold(), 0f)) {
            protect = true;
            hosts.replaceAll(i -> i.healthy() ? i : new Instance(i.instanceId(), i.ip(), i.port(), i.weight(),
                    true, i.enabled(), i.ephemeral(), i.clusterName(), i.metadata()));
        }
        return new Selection(view.key(), view.revision(), clusters == null ? "" : clusters, healthyOnly,
                List.copyOf(hosts), protect);
    }
}
