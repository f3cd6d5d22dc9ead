package io.jacos.transport.grpc.dto;

import io.jacos.auth.Resource;
import io.jacos.model.ConfigKey;

/** {@code ConfigQueryRequest}: a configuration's current content. {@code tag} (gray) is not sent by the SDKs. */
public record ConfigQueryRequestBody(String dataId, String group, String tenant, String tag)
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
