package io.jacos.transport.grpc.handler;

import io.jacos.application.ConfigGrayStore;
import io.jacos.application.ConfigGrays;
import io.jacos.application.ConfigPublish;
import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.application.LargeWrites;
import io.jacos.auth.Need;
import io.jacos.model.GrayRule;
import io.jacos.model.RegistryException;
import io.jacos.transport.grpc.dto.ConfigPublishRequestBody;
import io.jacos.transport.grpc.dto.ResponseBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Creates or replaces a configuration, or one of its gray versions: {@code betaIps} in the addition map makes it
 * the beta for those IPs, else a {@code tag} the tag's gray version, as Nacos 2.5.1 decides; a gray publish never
 * changes the formal version. A compare-and-set publish that finds another md5 is refused with the code and
 * message the client's {@code publishConfigCas} reads as "not published".
 */
@ApplicationScoped
@Handles(request = "ConfigPublishRequest", body = ConfigPublishRequestBody.class, response = "ConfigPublishResponse",
        access = Need.WRITE)
public class ConfigPublishHandler implements RequestHandler<ConfigPublishRequestBody, ResponseBody> {

    private ConfigService configs;
    private ConfigGrays grays;
    private LargeWrites largeWrites;

    /** For the container's proxy. */
    protected ConfigPublishHandler() {
    }

    @Inject
    public ConfigPublishHandler(ConfigService configs, ConfigGrays grays, LargeWrites largeWrites) {
        this.configs = configs;
        this.grays = grays;
        this.largeWrites = largeWrites;
    }

    @Override
    public ResponseBody handle(ConfigPublishRequestBody request, RequestContext context) {
        ConfigPublish publish = new ConfigPublish(new ConfigRef(request.tenant(), request.group(), request.dataId()),
                request.content(), request.addition("type"), request.addition("encryptedDataKey"),
                request.addition("appName"), request.addition("desc"), request.addition("config_tags"),
                request.casMd5());
        ConfigWrite.Source source = new ConfigWrite.Source(context.user(), context.clientIp());
        GrayRule gray = GrayRule.of(request.addition("betaIps"), request.addition("tag"));
        boolean mismatch;
        try (LargeWrites.Share share = largeWrites.take(request.content() == null ? 0 : request.content().length())) {
            mismatch = gray == null
                    ? configs.publish(publish, source).outcome() == ConfigStore.Outcome.CAS_MISMATCH
                    : grays.publish(publish, gray, source).outcome() == ConfigGrayStore.Outcome.CAS_MISMATCH;
        }
        if (mismatch) {
            throw RegistryException.casMismatch();
        }
        return ResponseBody.ok();
    }
}
