package io.jacos.transport.grpc.dto;

import io.jacos.auth.Resource;

/** {@code ServiceQueryRequest}: a one-shot read; note the singular {@code cluster}. */
public record ServiceQueryRequestBody(String namespace, String serviceName, String groupName, String cluster,
                                      Boolean healthyOnly, Integer udpPort) implements ResourceBody {

    @Override
    public Resource resource() {
        return Resource.naming(namespace, groupName, serviceName);
    }
}
