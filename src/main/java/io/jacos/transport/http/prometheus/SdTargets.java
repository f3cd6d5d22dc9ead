package io.jacos.transport.http.prometheus;

import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Renders instances as Prometheus HTTP service-discovery target groups, one group per instance as Nacos does:
 * {@code {"targets":["ip:port"],"labels":{...}}}. The labels are Nacos's ({@code __meta_clusterName} and the
 * instance metadata, keys made valid label names) plus {@code __meta_nacos_*} labels saying where the instance
 * lives and its state, for relabelling. Every instance is listed, healthy or not, enabled or not, ephemeral or
 * persistent, as Nacos lists them; Prometheus's relabelling can drop what a job does not want.
 */
final class SdTargets {

    private static final Pattern NOT_LABEL_CHAR = Pattern.compile("[^a-zA-Z0-9_]");
    private static final Comparator<Instance> ORDER = Comparator.comparing(Instance::clusterName)
            .thenComparing(Instance::ip).thenComparingInt(Instance::port);

    private SdTargets() {
    }

    static List<Map<String, Object>> render(List<ServiceView> views) {
        List<ServiceView> sorted = new ArrayList<>(views);
        sorted.sort(Comparator.comparing((ServiceView v) -> v.key().namespace()).thenComparing(v -> v.key().group())
                .thenComparing(v -> v.key().name()));
        List<Map<String, Object>> groups = new ArrayList<>();
        for (ServiceView view : sorted) {
            view.instances().stream().sorted(ORDER).forEach(instance -> groups.add(group(view.key(), instance)));
        }
        return groups;
    }

    private static Map<String, Object> group(ServiceKey service, Instance instance) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("__meta_clusterName", instance.clusterName());
        labels.put("__meta_nacos_namespace", service.namespace());
        labels.put("__meta_nacos_group", service.group());
        labels.put("__meta_nacos_service", service.name());
        labels.put("__meta_nacos_healthy", String.valueOf(instance.healthy()));
        labels.put("__meta_nacos_enabled", String.valueOf(instance.enabled()));
        labels.put("__meta_nacos_ephemeral", String.valueOf(instance.ephemeral()));
        // Sorted, so that of two keys that map to one label name the same one wins every time.
        new TreeMap<>(instance.metadata()).forEach((key, value) -> {
            String name = labelName(key);
            if (name != null && value != null) {
                labels.putIfAbsent(name, value);
            }
        });
        Map<String, Object> group = new LinkedHashMap<>();
        group.put("targets", List.of(target(instance)));
        group.put("labels", labels);
        return group;
    }

    /** {@code ip:port}, with an IPv6 address in brackets as Prometheus expects. */
    static String target(Instance instance) {
        String host = instance.ip().indexOf(':') >= 0 && !instance.ip().startsWith("[")
                ? "[" + instance.ip() + "]" : instance.ip();
        return host + ":" + instance.port();
    }

    /**
     * A metadata key as a label name: characters outside {@code [a-zA-Z0-9_]} become {@code _} (Nacos replaces
     * {@code .} and {@code -} only, which leaves names Prometheus rejects), a leading digit gets a {@code _}.
     * Keys starting with {@code __} are dropped: Prometheus reserves those, and a client's {@code __address__}
     * must not redirect the scrape.
     */
    static String labelName(String key) {
        if (key == null || key.isEmpty()) {
            return null;
        }
        String name = NOT_LABEL_CHAR.matcher(key).replaceAll("_");
        if (Character.isDigit(name.charAt(0))) {
            name = "_" + name;
        }
        return name.startsWith("__") ? null : name;
    }
}
