package io.jacos.transport.grpc.dto;

import io.jacos.auth.Resource;

/** {@code SubscribeServiceRequest}: subscribe ({@code subscribe=true}) or unsubscribe. */
public record SubscribeServiceRequestBody(String namespace, String serviceName, String groupName,
                                          Boolean subscribe, String clusters) implements ResourceBody {

    @Override
    public Resource resource() {
        return Resource.naming(namespace, groupName, serviceName);
    }
}
