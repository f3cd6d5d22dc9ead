package io.jacos.application.internal;

import io.jacos.application.ServiceRef;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;

import java.util.regex.Pattern;

/**
 * The Nacos limits on names (namespace, group, service, cluster) and their defaults. Every transport goes
 * through here, so a name refused on gRPC is refused on HTTP with the same message.
 */
final class NameRules {

    static final String DEFAULT_NAMESPACE = "public";
    static final String DEFAULT_GROUP = "DEFAULT_GROUP";

    private static final Pattern NAMESPACE = Pattern.compile("[\\w-]+");
    private static final Pattern GROUP = Pattern.compile("[a-zA-Z0-9\\-_:.]+");
    private static final Pattern CLUSTER = Pattern.compile("[0-9a-zA-Z\\-_]+");
    private static final Pattern SERVICE_ILLEGAL = Pattern.compile("[\\s\\p{IsHan}\\p{Cntrl}]");

    private NameRules() {
    }

    static ServiceKey serviceKey(ServiceRef ref) {
        return new ServiceKey(namespace(ref.namespace()), group(ref.group()), serviceName(ref.name()));
    }

    static String namespace(String namespace) {
        if (namespace == null || namespace.isBlank()) {
            return DEFAULT_NAMESPACE;
        }
        check(namespace.length() <= 64 && NAMESPACE.matcher(namespace).matches(), "namespace", namespace,
                "at most 64 letters, digits, '_' or '-'");
        return namespace;
    }

    static String group(String group) {
        if (group == null || group.isBlank()) {
            return DEFAULT_GROUP;
        }
        check(group.length() <= 128 && GROUP.matcher(group).matches(), "groupName", group,
                "at most 128 letters, digits, '-', '_', ':' or '.'");
        return group;
    }

    static String serviceName(String name) {
        if (name == null || name.isBlank()) {
            throw RegistryException.invalid("Param 'serviceName' is required.");
        }
        check(name.length() <= 512 && !name.startsWith("@") && !name.contains(ServiceKey.GROUP_SEPARATOR)
                && !SERVICE_ILLEGAL.matcher(name).find(), "serviceName", name,
                "at most 512 characters, no whitespace, no '@@', not starting with '@'");
        return name;
    }

    static String cluster(String cluster) {
        if (cluster == null || cluster.isBlank()) {
            return io.jacos.model.Instance.DEFAULT_CLUSTER;
        }
        check(cluster.length() <= 64 && CLUSTER.matcher(cluster).matches(), "clusterName", cluster,
                "at most 64 letters, digits, '-' or '_'");
        return cluster;
    }

    /** A comma-joined cluster filter; blank means all clusters. */
    static String clusterFilter(String clusters) {
        if (clusters == null || clusters.isBlank()) {
            return "";
        }
        for (String part : clusters.split(",")) {
            if (!part.isBlank()) {
                cluster(part.trim());
            }
        }
        return clusters;
    }

    static void check(boolean ok, String param, String value, String rule) {
        if (!ok) {
            throw RegistryException.invalid("Param '" + param + "' is illegal: '" + abbreviate(value)
                    + "' (expected " + rule + ").");
        }
    }

    static String abbreviate(String value) {
        return value.length() <= 80 ? value : value.substring(0, 77) + "...";
    }
}
