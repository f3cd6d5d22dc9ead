package io.jacos.transport.grpc.handler;

import io.jacos.application.ConfigGrays;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigWrite;
import io.jacos.auth.Need;
import io.jacos.model.GrayRule;
import io.jacos.transport.grpc.dto.ConfigRemoveRequestBody;
import io.jacos.transport.grpc.dto.ResponseBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Removes a configuration, or with a {@code tag} only that tag's gray version (the formal one stays); removing
 * one that is not there succeeds, as the clients expect.
 */
@ApplicationScoped
@Handles(request = "ConfigRemoveRequest", body = ConfigRemoveRequestBody.class, response = "ConfigRemoveResponse",
        access = Need.WRITE)
public class ConfigRemoveHandler implements RequestHandler<ConfigRemoveRequestBody, ResponseBody> {

    private ConfigService configs;
    private ConfigGrays grays;

    /** For the container's proxy. */
    protected ConfigRemoveHandler() {
    }

    @Inject
    public ConfigRemoveHandler(ConfigService configs, ConfigGrays grays) {
        this.configs = configs;
        this.grays = grays;
    }

    @Override
    public ResponseBody handle(ConfigRemoveRequestBody request, RequestContext context) {
        ConfigRef ref = new ConfigRef(request.tenant(), request.group(), request.dataId());
        ConfigWrite.Source source = new ConfigWrite.Source(context.user(), context.clientIp());
        if (request.tag() != null && !request.tag().isBlank()) {
            grays.remove(ref, GrayRule.tag(request.tag()).name(), source);
        } else {
            configs.remove(ref, source);
        }
        return ResponseBody.ok();
    }
}
