package io.jacos.transport.grpc;

import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.jacos.model.ChangeCause;
import io.jacos.transport.grpc.dto.ConnectionSetupBody;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.transport.grpc.dto.SetupAckBody;
import io.jacos.transport.grpc.proto.BiRequestStreamGrpc;
import io.jacos.transport.grpc.proto.Payload;

import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The {@code /BiRequestStream/requestBiStream} RPC. The client opens it with {@code ConnectionSetupRequest};
 * afterwards it carries the client's answers to server requests (pushes, probes). Its end ends the connection.
 */
final class BiStreamService extends BiRequestStreamGrpc.BiRequestStreamImplBase {

    private static final Logger LOG = Logger.getLogger(BiStreamService.class.getName());

    private final ConnectionTable connections;
    private final PayloadCodec codec;
    private final ServerStatus status;

    BiStreamService(ConnectionTable connections, PayloadCodec codec, ServerStatus status) {
        this.connections = connections;
        this.codec = codec;
        this.status = status;
    }

    @Override
    public StreamObserver<Payload> requestBiStream(StreamObserver<Payload> outbound) {
        ConnectionMeta meta = ConnectionMeta.current();
        ServerCallStreamObserver<Payload> stream = (ServerCallStreamObserver<Payload>) outbound;
        // Runs on the request workers (the server's executor), never on a Netty event loop.
        stream.setOnReadyHandler(() -> connections.find(meta.id()).ifPresent(c -> c.outbox().requestDrain()));
        return new StreamObserver<>() {
            @Override
            public void onNext(Payload payload) {
                try {
                    receive(meta, stream, payload);
                } catch (RuntimeException e) {
                    LOG.log(Level.FINE, "Unreadable stream message on " + meta.id(), e);
                }
            }

            @Override
            public void onError(Throwable t) {
                connections.unregister(meta.id(), "stream failed: " + t.getMessage(), ChangeCause.CONNECTION_CLOSED);
            }

            @Override
            public void onCompleted() {
                connections.unregister(meta.id(), "stream completed by client", ChangeCause.CONNECTION_CLOSED);
            }
        };
    }

    private void receive(ConnectionMeta meta, ServerCallStreamObserver<Payload> stream, Payload payload) {
        String type = payload.getMetadata().getType();
        if ("ConnectionSetupRequest".equals(type)) {
            setup(meta, stream, payload);
        } else if (type.endsWith("Response")) {
            ResponseBody answer = codec.decode(payload, ResponseBody.class);
            connections.find(meta.id()).ifPresent(c -> c.answered(answer.requestId(), payload));
        }
    }

    private void setup(ConnectionMeta meta, ServerCallStreamObserver<Payload> stream, Payload payload) {
        ConnectionSetupBody setup = codec.decode(payload, ConnectionSetupBody.class);
        String clientIp = payload.getMetadata().getClientIp().isBlank()
                ? meta.remoteIp() : payload.getMetadata().getClientIp();
        if (!status.isReady() || !connections.register(meta, setup, clientIp, stream)) {
            stream.onCompleted();
            return;
        }
        if (setup.abilityTable() != null) {
            // The client waits for this acknowledgement before it sends anything else.
            connections.find(meta.id()).ifPresent(c -> c.send(codec.encode("SetupAckRequest",
                    SetupAckBody.withAbilities(Map.of("supportPersistentInstanceByGrpc", true)))));
        }
    }
}
