package io.jacos.transport.grpc.dto;

/** {@code SubscribeServiceRequest}: subscribe ({@code subscribe=true}) or unsubscribe. */
public record SubscribeServiceRequestBody(String namespace, String serviceName, String groupName,
                                          Boolean subscribe, String clusters) implements NamespacedBody {
}
