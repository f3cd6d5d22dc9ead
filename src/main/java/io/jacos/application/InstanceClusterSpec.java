package io.jacos.application;

import io.jacos.application.validation.InstanceClusterName;
import io.jacos.application.validation.InstanceMetadata;
import io.jacos.application.validation.Required;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import java.util.Map;

/**
 * A cluster's settings as a transport received them (Nacos's {@code PUT /v1/ns/cluster}): the port to check
 * (unless the instances' own ports are used), the health check, metadata. Missing values take the defaults:
 * the instance's port, a TCP check.
 */
public record InstanceClusterSpec(@Required @InstanceClusterName String clusterName,
                          @Min(value = 0, message = InstanceSpec.PORTS) @Max(value = 65535, message = InstanceSpec.PORTS)
                          Integer checkPort,
                          Boolean useInstancePort,
                          @Valid HealthCheckSpec healthChecker,
                          @InstanceMetadata Map<String, String> metadata) {
}
