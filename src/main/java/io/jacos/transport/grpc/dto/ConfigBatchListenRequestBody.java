package io.jacos.transport.grpc.dto;

import io.jacos.auth.Resource;
import io.jacos.model.ConfigKey;

import java.util.List;

/**
 * {@code ConfigBatchListenRequest}: start ({@code listen} true) or stop listening to configurations, each with
 * the md5 of the content the client holds ({@code ""} for none). The access check reads one namespace: the
 * contexts' when they share one, else a name no per-namespace grant covers (a grant on every namespace does).
 * As in Nacos, the request names no group or data id: a grant narrower than the namespace covers it only when it
 * covers every configuration of the namespace ({@code ns:*:config/*}).
 */
public record ConfigBatchListenRequestBody(Boolean listen, List<Context> configListenContexts)
        implements ResourceBody {

    /** One configuration as the client names and holds it. */
    public record Context(String dataId, String group, String tenant, String md5) {
    }

    public ConfigBatchListenRequestBody {
        configListenContexts = configListenContexts == null ? List.of() : configListenContexts;
    }

    public boolean listening() {
        return listen == null || listen;
    }

    @Override
    public String namespace() {
        return ConfigKey.namespaceOfAll(configListenContexts.stream().map(c -> c == null ? null : c.tenant())
                .toList());
    }

    @Override
    public Resource resource() {
        return Resource.config(namespace(), null, null);
    }
}
