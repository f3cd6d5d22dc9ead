package io.jacos.transport.grpc.dto;

import io.jacos.auth.Resource;

/** {@code InstanceRequest} (and {@code PersistentInstanceRequest}): register or deregister one instance. */
public record InstanceRequestBody(String namespace, String serviceName, String groupName, String type,
                                  InstanceBody instance) implements ResourceBody {

    @Override
    public Resource resource() {
        return Resource.naming(namespace, groupName, serviceName);
    }
}
