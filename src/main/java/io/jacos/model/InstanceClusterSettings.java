package io.jacos.model;

import java.util.Map;
import java.util.Objects;

/**
 * What an operator sets on a cluster of a service: how its persistent instances are checked, and on which
 * port ({@code checkPort}, unless {@code useInstancePort}), plus free-form metadata. A cluster nobody set has
 * {@link #defaults(String)}: a TCP connect to each instance's own port.
 */
public record InstanceClusterSettings(String name, HealthCheck healthCheck, int checkPort, boolean useInstancePort,
                              Map<String, String> metadata) {

    public InstanceClusterSettings {
        Objects.requireNonNull(name, "name");
        healthCheck = Objects.requireNonNullElse(healthCheck, HealthCheck.TCP);
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    public static InstanceClusterSettings defaults(String name) {
        return new InstanceClusterSettings(name, HealthCheck.TCP, 80, true, Map.of());
    }

    /** The port a check of this instance connects to. */
    public int probePort(Instance instance) {
        return useInstancePort || checkPort <= 0 ? instance.port() : checkPort;
    }
}
