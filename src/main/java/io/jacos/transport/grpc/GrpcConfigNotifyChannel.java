package io.jacos.transport.grpc;

import io.jacos.model.ConfigKey;
import io.jacos.push.ConfigNotifyChannel;
import io.jacos.settings.PushSettings;
import io.jacos.transport.grpc.dto.ConfigChangeNotifyBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Tells a gRPC listener a configuration changed, as {@code ConfigChangeNotifyRequest} on its stream, and reports
 * its ack; no answer within the push timeout fails the notification (the request timeout sweep decides).
 */
@ApplicationScoped
public class GrpcConfigNotifyChannel implements ConfigNotifyChannel {

    private ConnectionTable connections;
    private PayloadCodec codec;
    private PushSettings pushSettings;

    /** For the container's proxy. */
    protected GrpcConfigNotifyChannel() {
    }

    @Inject
    public GrpcConfigNotifyChannel(ConnectionTable connections, PayloadCodec codec, PushSettings pushSettings) {
        this.connections = connections;
        this.codec = codec;
        this.pushSettings = pushSettings;
    }

    @Override
    public Optional<CompletionStage<Void>> notify(String connection, ConfigKey key, String tenant) {
        return connections.find(connection).map(found -> connections.request(found,
                id -> codec.encode("ConfigChangeNotifyRequest", ConfigChangeNotifyBody.of(id, key.dataId(),
                        key.group(), tenant)), pushSettings.pushTimeoutMillis()).thenAccept(answer -> {
                            if (!ConnectionTable.isSuccess(answer)) {
                                throw new IllegalStateException("listener " + connection + " refused the notification");
                            }
                        }));
    }
}
