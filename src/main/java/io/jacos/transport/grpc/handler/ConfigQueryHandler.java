package io.jacos.transport.grpc.handler;

import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.auth.Need;
import io.jacos.model.ConfigEntry;
import io.jacos.transport.grpc.dto.ConfigQueryRequestBody;
import io.jacos.transport.grpc.dto.ConfigQueryResponseBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/**
 * A configuration's current content. A gray tag is not served, so a query naming one finds nothing, as Nacos
 * answers a tag it has no gray for.
 */
@ApplicationScoped
@Handles(request = "ConfigQueryRequest", body = ConfigQueryRequestBody.class, response = "ConfigQueryResponse",
        access = Need.READ)
public class ConfigQueryHandler implements RequestHandler<ConfigQueryRequestBody, ConfigQueryResponseBody> {

    private ConfigService configs;

    /** For the container's proxy. */
    protected ConfigQueryHandler() {
    }

    @Inject
    public ConfigQueryHandler(ConfigService configs) {
        this.configs = configs;
    }

    @Override
    public ConfigQueryResponseBody handle(ConfigQueryRequestBody request, RequestContext context) {
        Optional<ConfigEntry> found = configs.get(new ConfigRef(request.tenant(), request.group(), request.dataId()));
        if (found.isEmpty() || (request.tag() != null && !request.tag().isBlank())) {
            return ConfigQueryResponseBody.notFound();
        }
        ConfigEntry entry = found.get();
        return ConfigQueryResponseBody.found(entry.content(), entry.encryptedDataKey(), entry.type(), entry.md5(),
                entry.modifiedMillis());
    }
}
