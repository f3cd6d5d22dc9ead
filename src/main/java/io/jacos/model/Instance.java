package io.jacos.model;

import java.util.Map;
import java.util.Objects;

/**
 * One published endpoint of a service, as the registry stores it. Immutable: a change is a new instance.
 * Values are already validated and defaulted (cluster {@code DEFAULT}, generated instance id).
 */
public record Instance(String instanceId, String ip, int port, double weight, boolean healthy, boolean enabled,
                       boolean ephemeral, String clusterName, Map<String, String> metadata) {

    public static final String DEFAULT_CLUSTER = "DEFAULT";

    public Instance {
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(ip, "ip");
        Objects.requireNonNull(clusterName, "clusterName");
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    /** Nacos' default ("simple") instance id: {@code ip#port#cluster#group@@service}. */
    public static String simpleId(String ip, int port, String cluster, ServiceKey service) {
        return ip + '#' + port + '#' + cluster + '#' + service.groupedName();
    }

    public Instance withHealthy(boolean value) {
        return value == healthy ? this
                : new Instance(instanceId, ip, port, weight, value, enabled, ephemeral, clusterName, metadata);
    }

    public String address() {
        return ip + ':' + port;
    }
}
