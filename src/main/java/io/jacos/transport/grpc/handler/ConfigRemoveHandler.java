package io.jacos.transport.grpc.handler;

import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigWrite;
import io.jacos.auth.Need;
import io.jacos.model.RegistryException;
import io.jacos.transport.grpc.dto.ConfigRemoveRequestBody;
import io.jacos.transport.grpc.dto.ResponseBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Removes a configuration; removing one that is not there succeeds, as the clients expect. A removal naming a gray
 * release's tag is refused, as over HTTP: there is none to remove, and the formal configuration must stay.
 */
@ApplicationScoped
@Handles(request = "ConfigRemoveRequest", body = ConfigRemoveRequestBody.class, response = "ConfigRemoveResponse",
        access = Need.WRITE)
public class ConfigRemoveHandler implements RequestHandler<ConfigRemoveRequestBody, ResponseBody> {

    private ConfigService configs;

    /** For the container's proxy. */
    protected ConfigRemoveHandler() {
    }

    @Inject
    public ConfigRemoveHandler(ConfigService configs) {
        this.configs = configs;
    }

    @Override
    public ResponseBody handle(ConfigRemoveRequestBody request, RequestContext context) {
        if (request.tag() != null && !request.tag().isBlank()) {
            throw RegistryException.grayRelease("tag");
        }
        configs.remove(new ConfigRef(request.tenant(), request.group(), request.dataId()),
                new ConfigWrite.Source(context.user(), context.clientIp()));
        return ResponseBody.ok();
    }
}
