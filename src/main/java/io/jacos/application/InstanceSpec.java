package io.jacos.application;

import io.jacos.application.validation.InstanceClusterName;
import io.jacos.application.validation.InstanceIp;
import io.jacos.application.validation.InstanceMetadata;
import io.jacos.application.validation.Required;
import io.jacos.application.validation.Weight;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import java.util.Map;

/**
 * An instance as a transport received it, before defaults: any field may be missing. The annotations are the
 * Nacos rules; the application layer checks them, then the configured size limits, and applies the defaults
 * (weight 1.0, healthy, enabled, cluster {@code DEFAULT}, the generated instance id).
 */
public record InstanceSpec(String instanceId,
                           @Required @InstanceIp String ip,
                           @Required @Min(value = 0, message = PORTS) @Max(value = 65535, message = PORTS) Integer port,
                           @Weight Double weight,
                           Boolean healthy,
                           Boolean enabled,
                           Boolean ephemeral,
                           @InstanceClusterName String clusterName,
                           @InstanceMetadata Map<String, String> metadata) {

    static final String PORTS = "0 to 65535";
}
