package io.jacos.transport.grpc.handler;

import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.auth.Need;
import io.jacos.model.RegistryException;
import io.jacos.transport.grpc.dto.ConfigPublishRequestBody;
import io.jacos.transport.grpc.dto.ResponseBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Creates or replaces a configuration. A gray release (a {@code tag} or {@code betaIps} in the addition map) is
 * refused, as over HTTP: it is not served, and made formal it would reach every client. A compare-and-set publish
 * that finds another md5 is refused with the code and message the client's {@code publishConfigCas} reads as "not
 * published".
 */
@ApplicationScoped
@Handles(request = "ConfigPublishRequest", body = ConfigPublishRequestBody.class, response = "ConfigPublishResponse",
        access = Need.WRITE)
public class ConfigPublishHandler implements RequestHandler<ConfigPublishRequestBody, ResponseBody> {

    private ConfigService configs;

    /** For the container's proxy. */
    protected ConfigPublishHandler() {
    }

    @Inject
    public ConfigPublishHandler(ConfigService configs) {
        this.configs = configs;
    }

    @Override
    public ResponseBody handle(ConfigPublishRequestBody request, RequestContext context) {
        for (String gray : new String[]{"tag", "betaIps"}) {
            String value = request.addition(gray);
            if (value != null && !value.isBlank()) {
                throw RegistryException.grayRelease(gray);
            }
        }
        ConfigPublish publish = new ConfigPublish(new ConfigRef(request.tenant(), request.group(), request.dataId()),
                request.content(), request.addition("type"), request.addition("encryptedDataKey"),
                request.addition("appName"), request.addition("desc"), request.addition("config_tags"),
                request.casMd5());
        ConfigStore.Published published = configs.publish(publish, new ConfigWrite.Source(context.user(),
                context.clientIp()));
        if (published.outcome() == ConfigStore.Outcome.CAS_MISMATCH) {
            throw RegistryException.casMismatch();
        }
        return ResponseBody.ok();
    }
}
