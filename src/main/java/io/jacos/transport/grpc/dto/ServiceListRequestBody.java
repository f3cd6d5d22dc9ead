package io.jacos.transport.grpc.dto;

/** {@code ServiceListRequest}: one page of service names in a namespace and group. */
public record ServiceListRequestBody(String namespace, String groupName, Integer pageNo, Integer pageSize,
                                     String selector) implements NamespacedBody {
}
