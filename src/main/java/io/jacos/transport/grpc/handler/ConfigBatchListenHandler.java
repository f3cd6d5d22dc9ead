package io.jacos.transport.grpc.handler;

import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.auth.Need;
import io.jacos.model.RegistryException;
import io.jacos.transport.grpc.dto.ConfigBatchListenRequestBody;
import io.jacos.transport.grpc.dto.ConfigBatchListenResponseBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Starts or stops the connection's listening to configurations; when starting, answers those whose md5 differs
 * from the one the client holds, each named exactly as the client named it. The md5 compared is the one of the
 * version the connection is served (a gray version its client IP or {@code app_Vipserver-Tag} label matches, else
 * the formal one).
 */
@ApplicationScoped
@Handles(request = "ConfigBatchListenRequest", body = ConfigBatchListenRequestBody.class,
        response = "ConfigChangeBatchListenResponse", access = Need.READ)
public class ConfigBatchListenHandler
        implements RequestHandler<ConfigBatchListenRequestBody, ConfigBatchListenResponseBody> {

    private ConfigService configs;

    /** For the container's proxy. */
    protected ConfigBatchListenHandler() {
    }

    @Inject
    public ConfigBatchListenHandler(ConfigService configs) {
        this.configs = configs;
    }

    @Override
    public ConfigBatchListenResponseBody handle(ConfigBatchListenRequestBody request, RequestContext context) {
        List<ConfigService.Listened> listened = request.configListenContexts().stream().map(c -> {
            if (c == null) {
                throw RegistryException.missing("configListenContexts", "Param 'configListenContexts' holds null.");
            }
            return new ConfigService.Listened(new ConfigRef(c.tenant(), c.group(), c.dataId()), c.md5());
        }).toList();
        String connection = context.client().value();
        if (!request.listening()) {
            configs.unlisten(connection, listened.stream().map(ConfigService.Listened::ref).toList());
            return ConfigBatchListenResponseBody.of(List.of());
        }
        return ConfigBatchListenResponseBody.of(configs.listen(connection, ConfigQueryHandler.viewOf(context, null),
                listened).stream()
                .map(l -> new ConfigBatchListenResponseBody.Changed(l.ref().dataId(), l.ref().group(),
                        l.ref().tenant())).toList());
    }
}
