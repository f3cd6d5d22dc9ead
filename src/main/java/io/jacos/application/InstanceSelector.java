package io.jacos.application;

import io.jacos.model.Instance;
import io.jacos.model.ServiceView;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Nacos result filtering: keep the requested clusters and enabled instances, then apply the protect threshold
 * of a service with settings (one created or updated through the service API; others have none, as in Nacos)
 * to them (when their healthy share is at or below it, every one is returned as healthy, even for a
 * healthy-only read, so callers are not starved while most of a service is failing); otherwise a healthy-only
 * read keeps just the healthy ones.
 */
public final class InstanceSelector {

    private InstanceSelector() {
    }

    public static Selection select(ServiceView view, String clusters, boolean healthyOnly) {
        Set<String> wanted = clusters == null || clusters.isBlank() ? Set.of()
                : Arrays.stream(clusters.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .collect(Collectors.toSet());
        // The healthy share is taken over the cluster/enabled candidates, before any healthy-only filter, and
        // protection returns all of those candidates, as Nacos does; otherwise healthy-only applies.
        List<Instance> candidates = new ArrayList<>();
        int healthy = 0;
        for (Instance instance : view.instances()) {
            if (!instance.enabled() || (!wanted.isEmpty() && !wanted.contains(instance.clusterName()))) {
                continue;
            }
            if (instance.healthy()) {
                healthy++;
            }
            candidates.add(instance);
        }
        boolean protect = view.meta().declared() && !candidates.isEmpty()
                && (float) healthy / candidates.size() <= Math.max(view.protectThreshold(), 0f);
        List<Instance> hosts = new ArrayList<>(candidates.size());
        for (Instance i : candidates) {
            if (protect && !i.healthy()) {
                hosts.add(i.withHealthy(true));
            } else if (protect || !healthyOnly || i.healthy()) {
                hosts.add(i);
            }
        }
        return new Selection(view.key(), view.revision(), view.changedAtMillis(), clusters == null ? "" : clusters, healthyOnly,
                List.copyOf(hosts), protect);
    }
}
