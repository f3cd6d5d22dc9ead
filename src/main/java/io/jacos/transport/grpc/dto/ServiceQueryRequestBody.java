package io.jacos.transport.grpc.dto;

/** {@code ServiceQueryRequest}: a one-shot read; note the singular {@code cluster}. */
public record ServiceQueryRequestBody(String namespace, String serviceName, String groupName, String cluster,
                                      Boolean healthyOnly, Integer udpPort) implements NamespacedBody {
}
