package io.jacos.application.internal;

import io.jacos.application.InstanceSpec;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;

import java.util.Map;
import java.util.regex.Pattern;

/** Turns a received instance into a registry instance: Nacos defaults, limits and the generated id. */
final class InstanceRules {

    static final double MAX_WEIGHT = 10000.0;
    private static final int MAX_METADATA_CHARS = 1024;
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern HOSTNAME = Pattern.compile(
            "(?=.{1,253}$)[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*");
    private static final Pattern IPV6 = Pattern.compile("\\[?[0-9a-fA-F:.]+(%[\\w.]+)?]?");

    private InstanceRules() {
    }

    static Instance toInstance(ServiceKey service, InstanceSpec spec, boolean defaultEphemeral) {
        if (spec == null) {
            throw RegistryException.invalid("Param 'instance' is required.");
        }
        String ip = ip(spec.ip());
        int port = port(spec.port());
        double weight = weight(spec.weight());
        String cluster = NameRules.cluster(spec.clusterName());
        Map<String, String> metadata = metadata(spec.metadata());
        String id = spec.instanceId() == null || spec.instanceId().isBlank()
                ? Instance.simpleId(ip, port, cluster, service) : spec.instanceId();
        return new Instance(id, ip, port, weight, orTrue(spec.healthy()), orTrue(spec.enabled()),
                spec.ephemeral() == null ? defaultEphemeral : spec.ephemeral(), cluster, metadata);
    }

    static String ip(String ip) {
        if (ip == null || ip.isBlank()) {
            throw RegistryException.invalid("Param 'ip' is required.");
        }
        boolean ok = ip.length() <= 128 && (validIpv4(ip) || (ip.indexOf(':') >= 0 && IPV6.matcher(ip).matches())
                || (!looksNumeric(ip) && HOSTNAME.matcher(ip).matches()));
        NameRules.check(ok, "ip", ip, "an IPv4 or IPv6 address or a host name");
        return ip;
    }

    static int port(Integer port) {
        if (port == null) {
            throw RegistryException.invalid("Param 'port' is required.");
        }
        if (port < 0 || port > 65535) {
            throw RegistryException.invalid("Param 'port' is illegal: " + port + " (expected 0 to 65535).");
        }
        return port;
    }

    static double weight(Double weight) {
        if (weight == null) {
            return 1.0;
        }
        if (weight.isNaN() || weight < 0 || weight > MAX_WEIGHT) {
            throw RegistryException.invalid("Param 'weight' is illegal: " + weight + " (expected 0.0 to 10000.0).");
        }
        return weight;
    }

    static Map<String, String> metadata(Map<String, String> metadata) {
        if (metadata == null || metadata.isEmpty()) {
            return Map.of();
        }
        int chars = 0;
        for (Map.Entry<String, String> e : metadata.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                throw RegistryException.invalid("Param 'metadata' is illegal: null keys or values are not allowed.");
            }
            chars += e.getKey().length() + e.getValue().length();
        }
        if (chars > MAX_METADATA_CHARS) {
            throw RegistryException.invalid("Param 'metadata' is illegal: " + chars
                    + " characters (at most " + MAX_METADATA_CHARS + ").");
        }
        long interval = millis(metadata, "preserved.heart.beat.interval", 5000);
        long timeout = millis(metadata, "preserved.heart.beat.timeout", 15000);
        long delete = millis(metadata, "preserved.ip.delete.timeout", 30000);
        if (timeout < interval || delete < interval) {
            throw RegistryException.invalid("Instance 'heart beat timeout' and 'ip delete timeout' must not be "
                    + "smaller than 'heart beat interval'.");
        }
        return metadata;
    }

    private static long millis(Map<String, String> metadata, String key, long fallback) {
        String value = metadata.get(key);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw RegistryException.invalid("Metadata '" + key + "' must be a number of milliseconds.");
        }
    }

    private static boolean validIpv4(String ip) {
        var m = IPV4.matcher(ip);
        if (!m.matches()) {
            return false;
        }
        for (int i = 1; i <= 4; i++) {
            if (Integer.parseInt(m.group(i)) > 255) {
                return false;
            }
        }
        return true;
    }

    private static boolean looksNumeric(String ip) {
        return ip.chars().allMatch(c -> Character.isDigit(c) || c == '.');
    }

    private static boolean orTrue(Boolean value) {
        return value == null || value;
    }
}
