package io.jacos.transport.grpc;

import io.grpc.stub.ServerCallStreamObserver;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.transport.grpc.proto.Payload;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A registered client connection: its bi-stream for server-to-client requests, the requests awaiting an
 * answer, and when the client was last heard from.
 */
final class GrpcConnection {

    /** Unanswered server requests beyond this mean the client is not reading; new ones fail at once. */
    static final int MAX_PENDING_REQUESTS = 10_000;

    private final ConnectionMeta meta;
    private final String clientIp;
    private final String clientVersion;
    private final Map<String, String> labels;
    private final ServerCallStreamObserver<Payload> stream;
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final AtomicLong requestIds = new AtomicLong();
    private final long connectedMillis;
    private volatile PushOutbox outbox;
    private volatile Runnable onWaiting = () -> { };
    private volatile long lastActiveMillis;
    private volatile boolean closed;

    private record Pending(CompletableFuture<ResponseBody> answer, long deadlineMillis) {
    }

    GrpcConnection(ConnectionMeta meta, String clientIp, String clientVersion, Map<String, String> labels,
                   ServerCallStreamObserver<Payload> stream, long nowMillis) {
        this.meta = meta;
        this.clientIp = clientIp;
        this.clientVersion = clientVersion;
        this.labels = labels == null ? Map.of() : Map.copyOf(labels);
        this.stream = stream;
        this.connectedMillis = nowMillis;
        this.lastActiveMillis = nowMillis;
    }

    ConnectionMeta meta() {
        return meta;
    }

    String id() {
        return meta.id();
    }

    String clientIp() {
        return clientIp;
    }

    String clientVersion() {
        return clientVersion;
    }

    Map<String, String> labels() {
        return labels;
    }

    /** Whether this is the stream the connection registered with. */
    boolean isOn(ServerCallStreamObserver<Payload> candidate) {
        return stream == candidate;
    }

    /** When the connection was registered. */
    long connectedMillis() {
        return connectedMillis;
    }

    long lastActiveMillis() {
        return lastActiveMillis;
    }

    /** Set once, right after construction: the outbox needs the connection it writes to. */
    void attach(PushOutbox pushOutbox) {
        this.outbox = pushOutbox;
    }

    PushOutbox outbox() {
        return outbox;
    }

    /**
     * Set once, right after construction: run whenever the connection starts waiting on something with a
     * deadline (an unanswered server request, pushes held back by an unready stream), so that the table's
     * timeout sweep visits only such connections instead of every connection.
     */
    void onWaiting(Runnable hook) {
        this.onWaiting = hook;
    }

    /** The outbox's pushes are held back: the blocked timeout now runs. */
    void waiting() {
        onWaiting.run();
    }

    boolean hasPendingRequests() {
        return !pending.isEmpty();
    }

    /** Whether the stream takes more without queueing beyond grpc-java's buffer (its flow-control signal). */
    boolean isReady() {
        try {
            return !closed && stream.isReady();
        } catch (RuntimeException e) {
            return false;
        }
    }

    void touch(long nowMillis) {
        lastActiveMillis = nowMillis;
    }

    /** Sends a one-way message (no answer expected). */
    synchronized boolean send(Payload payload) {
        if (closed) {
            return false;
        }
        try {
            stream.onNext(payload);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * Sends a server request whose body is built for the request id, and returns the client's answer. It fails
     * when {@link #expireOverdue} finds it unanswered past the deadline, or when the connection closes. It is
     * written even when the stream is not ready: pushes wait in the {@link PushOutbox} for readiness, and the
     * rest (probes) are small and rare.
     */
    CompletableFuture<ResponseBody> request(Function<String, Payload> payloadForId, long deadlineMillis) {
        CompletableFuture<ResponseBody> answer = new CompletableFuture<>();
        if (closed || pending.size() >= MAX_PENDING_REQUESTS) {
            answer.completeExceptionally(new IllegalStateException("connection " + id() + " cannot take requests"));
            return answer;
        }
        String requestId = Long.toString(requestIds.incrementAndGet());
        // Built before it is registered: a body that cannot be built leaves no entry waiting for its deadline.
        Payload payload = payloadForId.apply(requestId);
        pending.put(requestId, new Pending(answer, deadlineMillis));
        onWaiting.run();
        answer.whenComplete((r, e) -> pending.remove(requestId));
        if (!send(payload)) {
            answer.completeExceptionally(new IllegalStateException("connection " + id() + " is closed"));
        }
        return answer;
    }

    void answered(ResponseBody response) {
        String requestId = response.requestId();
        Pending waiting = requestId == null ? null : pending.get(requestId);
        if (waiting != null) {
            waiting.answer().complete(response);
        }
    }

    void expireOverdue(long nowMillis) {
        for (Pending waiting : pending.values()) {
            if (nowMillis >= waiting.deadlineMillis()) {
                waiting.answer().completeExceptionally(new TimeoutException("no answer from " + id()));
            }
        }
    }

    void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            try {
                stream.onCompleted();
            } catch (RuntimeException ignored) {
                // The stream may already be cancelled by the client; nothing else to release.
            }
        }
        IllegalStateException gone = new IllegalStateException("connection " + id() + " closed");
        pending.values().forEach(waiting -> waiting.answer().completeExceptionally(gone));
        if (outbox != null) {
            outbox.close();
        }
    }
}
