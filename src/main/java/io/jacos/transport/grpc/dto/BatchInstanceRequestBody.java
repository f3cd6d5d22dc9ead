package io.jacos.transport.grpc.dto;

import io.jacos.auth.Resource;

import java.util.List;

/** {@code BatchInstanceRequest}: the full set of instances this connection publishes for a service. */
public record BatchInstanceRequestBody(String namespace, String serviceName, String groupName, String type,
                                       List<InstanceBody> instances) implements ResourceBody {

    @Override
    public Resource resource() {
        return Resource.naming(namespace, groupName, serviceName);
    }
}
