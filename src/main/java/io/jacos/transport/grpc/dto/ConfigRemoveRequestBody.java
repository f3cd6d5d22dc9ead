package io.jacos.transport.grpc.dto;

import io.jacos.model.ConfigKey;

/** {@code ConfigRemoveRequest}. */
public record ConfigRemoveRequestBody(String dataId, String group, String tenant, String tag)
        implements NamespacedBody {

    @Override
    public String namespace() {
        return ConfigKey.namespaceOf(tenant);
    }
}
