package io.jacos.transport.grpc.dto;

import io.jacos.application.InstanceSpec;

import java.util.Map;

/** Instance JSON as the client sends it; derived getters it also writes are ignored. */
public record InstanceBody(String instanceId, String ip, Integer port, Double weight, Boolean healthy,
                           Boolean enabled, Boolean ephemeral, String clusterName, String serviceName,
                           Map<String, String> metadata) {

    public InstanceSpec toSpec() {
        return new InstanceSpec(instanceId, ip, port, weight, healthy, enabled, ephemeral, clusterName, metadata);
    }
}
