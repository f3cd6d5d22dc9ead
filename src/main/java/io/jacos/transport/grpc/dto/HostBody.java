package io.jacos.transport.grpc.dto;

import io.jacos.model.Instance;

import java.util.Map;

/** One instance in a result; {@code serviceName} is the grouped name, as in every Nacos result. */
public record HostBody(String instanceId, String ip, int port, double weight, boolean healthy, boolean enabled,
                       boolean ephemeral, String clusterName, String serviceName, Map<String, String> metadata) {

    public static HostBody of(Instance i, String groupedServiceName) {
        return new HostBody(i.instanceId(), i.ip(), i.port(), i.weight(), i.healthy(), i.enabled(), i.ephemeral(),
                i.clusterName(), groupedServiceName, i.metadata());
    }
}
