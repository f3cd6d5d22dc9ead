package io.jacos.transport.grpc.dto;

import io.jacos.auth.Resource;
import io.jacos.model.ConfigKey;

/** {@code ConfigRemoveRequest}. */
public record ConfigRemoveRequestBody(String dataId, String group, String tenant, String tag)
        implements ResourceBody {

    @Override
    public String namespace() {
        return ConfigKey.namespaceOf(tenant);
    }

    @Override
    public Resource resource() {
        return Resource.config(namespace(), group, dataId);
    }
}
