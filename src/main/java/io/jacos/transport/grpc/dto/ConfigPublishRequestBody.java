package io.jacos.transport.grpc.dto;

import io.jacos.auth.Resource;
import io.jacos.model.ConfigKey;

import java.util.Map;

/**
 * {@code ConfigPublishRequest}. The SDKs put the type and the encrypted data key in {@code additionMap}; tools may
 * add {@code appName}, {@code desc} and {@code config_tags}. {@code casMd5} makes it a compare-and-set.
 */
public record ConfigPublishRequestBody(String dataId, String group, String tenant, String content, String casMd5,
                                       Map<String, String> additionMap) implements ResourceBody {

    @Override
    public String namespace() {
        return ConfigKey.namespaceOf(tenant);
    }

    public String addition(String name) {
        return additionMap == null ? null : additionMap.get(name);
    }

    @Override
    public Resource resource() {
        return Resource.config(namespace(), group, dataId);
    }
}
