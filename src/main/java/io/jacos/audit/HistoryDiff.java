package io.jacos.audit;

import io.jacos.audit.HistoryEntry.Type;
import io.jacos.event.InstancesChanged;
import io.jacos.model.Instance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Turns one client's before and after instance lists into history entries, an instance being its cluster, ip
 * and port. A health flip and an edit in one change give two entries, so a timeline filtered by type stays
 * whole. An unchanged instance gives none.
 */
final class HistoryDiff {

    private HistoryDiff() {
    }

    static List<HistoryEntry> entries(InstancesChanged change, long now) {
        Map<String, Instance> before = byIdentity(change.before());
        Map<String, Instance> after = byIdentity(change.after());
        List<HistoryEntry> entries = new ArrayList<>();
        after.forEach((identity, current) -> {
            Instance was = before.get(identity);
            if (was == null) {
                entries.add(entry(change, now, Type.REGISTERED, current, describe(current)));
                return;
            }
            if (was.healthy() != current.healthy()) {
                entries.add(entry(change, now, Type.HEALTH_CHANGED, current, health(was) + " → " + health(current)));
            }
            String edits = edits(was, current);
            if (!edits.isEmpty()) {
                entries.add(entry(change, now, Type.EDITED, current, edits));
            }
        });
        before.forEach((identity, was) -> {
            if (!after.containsKey(identity)) {
                entries.add(entry(change, now, Type.DEREGISTERED, was, describe(was)));
            }
        });
        return entries;
    }

    private static Map<String, Instance> byIdentity(List<Instance> instances) {
        Map<String, Instance> map = new LinkedHashMap<>();
        instances.forEach(i -> map.put(i.clusterName() + '|' + i.address(), i));
        return map;
    }

    private static HistoryEntry entry(InstancesChanged change, long now, Type type, Instance instance, String detail) {
        return new HistoryEntry(now, type, instance.address(), instance.clusterName(), detail,
                change.origin().cause(), change.origin().actor());
    }

    private static String describe(Instance instance) {
        return "weight " + instance.weight() + ", " + health(instance) + ", "
                + (instance.enabled() ? "enabled" : "disabled") + (instance.ephemeral() ? "" : ", persistent");
    }

    private static String health(Instance instance) {
        return instance.healthy() ? "healthy" : "unhealthy";
    }

    private static String edits(Instance was, Instance now) {
        List<String> parts = new ArrayList<>();
        if (Double.compare(was.weight(), now.weight()) != 0) {
            parts.add("weight " + was.weight() + " → " + now.weight());
        }
        if (was.enabled() != now.enabled()) {
            parts.add(now.enabled() ? "enabled" : "disabled");
        }
        if (!was.metadata().equals(now.metadata())) {
            TreeSet<String> keys = new TreeSet<>(was.metadata().keySet());
            keys.addAll(now.metadata().keySet());
            keys.removeIf(k -> Objects.equals(was.metadata().get(k), now.metadata().get(k)));
            parts.add("metadata " + String.join(", ", keys));
        }
        return String.join("; ", parts);
    }
}
