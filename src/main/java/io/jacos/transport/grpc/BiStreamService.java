package io.jacos.transport.grpc;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.jacos.model.ChangeCause;
import io.jacos.transport.grpc.dto.ConnectionSetupBody;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.transport.grpc.dto.SetupAckBody;
import io.jacos.transport.grpc.proto.BiRequestStreamGrpc;
import io.jacos.transport.grpc.proto.Payload;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
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
    private final AtomicBoolean boundRefusalLogged = new AtomicBoolean();

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
        if (PayloadMarshaller.isUnreadable(payload)) {
            LOG.fine(() -> "A message that is no payload on the stream of " + meta.id());
            refuse(meta, stream, "a message that is no payload", UnaryRequestService.NOT_A_PAYLOAD);
        } else if ("ConnectionSetupRequest".equals(type)) {
            setup(meta, stream, payload);
        } else if (type.endsWith("Response")) {
            ResponseBody answer = codec.decode(payload, ResponseBody.class);
            connections.find(meta.id()).ifPresent(c -> c.answered(answer));
        }
    }

    private void setup(ConnectionMeta meta, ServerCallStreamObserver<Payload> stream, Payload payload) {
        ConnectionSetupBody setup = codec.decode(payload, ConnectionSetupBody.class);
        String declaredIp = payload.getMetadata().getClientIp();
        Optional<String> overBound = SetupBounds.violation(setup, declaredIp);
        if (overBound.isPresent()) {
            refusedOverBound(meta, overBound.get());
            // A repeated setup on a registered stream ends that connection too.
            refuse(meta, stream, "setup over bounds", Status.OK);
            return;
        }
        String clientIp = declaredIp.isBlank() ? meta.remoteIp() : declaredIp;
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

    /**
     * Ends the stream after a refusal, the connection unregistered first, so that it is unknown to the server by the
     * time the client sees the end. Unregistering completes the stream the connection registered with; any other
     * stream (one that never set up, or a second one on the same connection) is ended here, with {@code status}.
     */
    private void refuse(ConnectionMeta meta, ServerCallStreamObserver<Payload> stream, String reason, Status status) {
        boolean registeredOnIt = connections.find(meta.id()).filter(c -> c.isOn(stream)).isPresent();
        connections.unregister(meta.id(), reason, ChangeCause.CONNECTION_CLOSED);
        if (registeredOnIt) {
            return;
        }
        if (status.isOk()) {
            stream.onCompleted();
        } else {
            stream.onError(status.asRuntimeException());
        }
    }

    /**
     * One line, naming the TCP peer and the bound but none of the values sent. Only the first refusal is a warning:
     * a host that keeps sending such setups must not fill the log.
     */
    private void refusedOverBound(ConnectionMeta meta, String reason) {
        Level level = boundRefusalLogged.compareAndSet(false, true) ? Level.WARNING : Level.FINE;
        LOG.log(level, () -> "Connection setup from " + meta.remoteIp() + " refused: " + reason
                + (level == Level.WARNING ? "; later refusals of this kind are logged at FINE only" : ""));
    }
}
