package io.jacos.transport.grpc.dto;

/** {@code InstanceRequest} (and {@code PersistentInstanceRequest}): register or deregister one instance. */
public record InstanceRequestBody(String namespace, String serviceName, String groupName, String type,
                                  InstanceBody instance) implements NamespacedBody {
}
