package io.jacos.transport.grpc.dto;

import java.util.List;

/** {@code BatchInstanceRequest}: the full set of instances this connection publishes for a service. */
public record BatchInstanceRequestBody(String namespace, String serviceName, String groupName, String type,
                                       List<InstanceBody> instances) implements NamespacedBody {
}
