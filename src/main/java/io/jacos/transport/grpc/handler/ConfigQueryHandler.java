package io.jacos.transport.grpc.handler;

import io.jacos.application.ConfigGrays;
import io.jacos.application.ConfigRef;
import io.jacos.auth.Need;
import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigView;
import io.jacos.model.GrayRule;
import io.jacos.transport.grpc.dto.ConfigQueryRequestBody;
import io.jacos.transport.grpc.dto.ConfigQueryResponseBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/**
 * A configuration's content as the asking client is served it, as Nacos 2.5.1 chooses: a beta when the
 * connection's client IP is one of its IPs, a tag gray when the request names that tag or, naming none, the
 * connection carries it as the application label {@code Vipserver-Tag}; otherwise the formal version. A request
 * naming a tag no gray version has finds nothing.
 */
@ApplicationScoped
@Handles(request = "ConfigQueryRequest", body = ConfigQueryRequestBody.class, response = "ConfigQueryResponse",
        access = Need.READ)
public class ConfigQueryHandler implements RequestHandler<ConfigQueryRequestBody, ConfigQueryResponseBody> {

    private ConfigGrays grays;

    /** For the container's proxy. */
    protected ConfigQueryHandler() {
    }

    @Inject
    public ConfigQueryHandler(ConfigGrays grays) {
        this.grays = grays;
    }

    /** How gray rules see the sender of a config request on this connection. */
    static ConfigView viewOf(RequestContext context, String askedTag) {
        boolean asked = askedTag != null && !askedTag.isBlank();
        return new ConfigView(context.clientIp(), asked ? askedTag : context.appLabel(ConfigView.TAG_LABEL));
    }

    @Override
    public ConfigQueryResponseBody handle(ConfigQueryRequestBody request, RequestContext context) {
        boolean tagAsked = request.tag() != null && !request.tag().isBlank();
        Optional<ConfigGrays.Served> served = grays.read(new ConfigRef(request.tenant(), request.group(),
                request.dataId()), viewOf(context, request.tag()), tagAsked);
        if (served.isEmpty()) {
            return ConfigQueryResponseBody.notFound(tagAsked ? request.tag() : null);
        }
        ConfigEntry entry = served.get().entry();
        GrayRule gray = served.get().gray();
        if (gray == null) {
            return ConfigQueryResponseBody.found(entry.content(), entry.encryptedDataKey(), entry.type(), entry.md5(),
                    entry.modifiedMillis());
        }
        return ConfigQueryResponseBody.gray(entry.content(), entry.encryptedDataKey(), entry.type(), entry.md5(),
                entry.modifiedMillis(), gray.kind() == GrayRule.Kind.BETA,
                gray.kind() == GrayRule.Kind.TAG ? gray.expression() : null);
    }
}
