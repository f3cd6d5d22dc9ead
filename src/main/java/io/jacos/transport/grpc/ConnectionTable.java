package io.jacos.transport.grpc;

import io.grpc.stub.ServerCallStreamObserver;
import io.jacos.application.ClientSessionService;
import io.jacos.health.LiveConnections;
import io.jacos.infrastructure.Settings;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.transport.grpc.dto.ConnectionSetupBody;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.transport.grpc.proto.Payload;
import io.jacos.task.Periodic;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.logging.Logger;

/**
 * The registered gRPC connections. A connection is registered by its {@code ConnectionSetupRequest} and
 * unregistered when its transport or stream ends or it is evicted; either way its client leaves the registry.
 */
@ApplicationScoped
public class ConnectionTable implements LiveConnections {

    private static final Logger LOG = Logger.getLogger(ConnectionTable.class.getName());
    /** Timeouts need less precision than push delays: sweep every this many task ticks. */
    private static final int TIMEOUT_SWEEP_TICKS = 20;

    @Inject
    ClientSessionService sessions;
    @Inject
    Settings settings;
    @Inject
    Clock clock;
    @Inject
    PayloadCodec codec;
    @Resource
    ManagedScheduledExecutorService scheduler;

    private final Map<String, GrpcConnection> connections = new ConcurrentHashMap<>();
    private ScheduledFuture<?> timeoutSweep;

    /** Server requests time out by a periodic sweep: one schedule in all, not one per push. */
    @PostConstruct
    void startTimeoutSweep() {
        timeoutSweep = Periodic.every(scheduler, settings.taskTickMillis() * TIMEOUT_SWEEP_TICKS,
                "Request timeout sweep", () -> {
                    long now = clock.millis();
                    connections.values().forEach(c -> c.expireOverdue(now));
                });
    }

    /** Observing the application's start creates this bean, and its sweep, on a deployment thread. */
    void startWithApplication(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        LOG.fine("Connection table ready");
    }

    @PreDestroy
    void stopTimeoutSweep() {
        timeoutSweep.cancel(false);
    }

    /** Returns false when the connection is refused (transport already gone, or per-IP limit reached). */
    boolean register(ConnectionMeta meta, ConnectionSetupBody setup, String clientIp,
                     ServerCallStreamObserver<Payload> stream) {
        int limit = settings.maxConnectionsPerIp();
        if (meta.isTerminated() || (limit > 0 && countFrom(meta.remoteIp()) >= limit)) {
            return false;
        }
        GrpcConnection connection = new GrpcConnection(meta, clientIp, setup.clientVersion(), setup.labels(),
                stream, clock.millis());
        if (connections.putIfAbsent(meta.id(), connection) != null) {
            return true;
        }
        sessions.connected(new ClientId(meta.id()), ClientKind.CONNECTION);
        if (meta.isTerminated()) {
            unregister(meta.id(), "transport closed during setup");
            return false;
        }
        LOG.fine(() -> "Connection " + meta.id() + " registered: " + setup.clientVersion());
        return true;
    }

    Optional<GrpcConnection> find(String id) {
        return Optional.ofNullable(connections.get(id));
    }

    public int size() {
        return connections.size();
    }

    void unregister(String id, String reason) {
        GrpcConnection connection = connections.remove(id);
        if (connection != null) {
            LOG.fine(() -> "Connection " + id + " unregistered: " + reason);
            connection.close();
            sessions.disconnected(new ClientId(id));
        }
    }

    /** Sends a server request and bounds the wait for the answer. */
    CompletableFuture<Payload> request(GrpcConnection connection, java.util.function.Function<String, Payload> body,
                                       long timeoutMillis) {
        return connection.request(body, clock.millis() + timeoutMillis);
    }

    @Override
    public List<String> idleSince(long idleSinceMillis) {
        return connections.values().stream().filter(c -> c.lastActiveMillis() <= idleSinceMillis)
                .map(GrpcConnection::id).toList();
    }

    @Override
    public CompletionStage<Boolean> probe(String connectionId, long timeoutMillis) {
        GrpcConnection connection = connections.get(connectionId);
        if (connection == null) {
            return CompletableFuture.completedFuture(true);
        }
        return request(connection, id -> codec.encodeJson("ClientDetectionRequest",
                "{\"headers\":{},\"requestId\":\"" + id + "\",\"module\":\"internal\"}"), timeoutMillis)
                .handle((answer, failure) -> {
                    boolean alive = failure == null && isSuccess(answer);
                    if (alive) {
                        connection.touch(clock.millis());
                    }
                    return alive;
                });
    }

    @Override
    public void evict(String connectionId, String reason) {
        unregister(connectionId, reason);
    }

    boolean isSuccess(Payload answer) {
        try {
            return codec.decode(answer, ResponseBody.class).resultCode() == ResponseBody.OK;
        } catch (RuntimeException e) {
            return false;
        }
    }

    void closeAll() {
        List.copyOf(connections.keySet()).forEach(id -> unregister(id, "server stopping"));
    }

    private long countFrom(String remoteIp) {
        return connections.values().stream().filter(c -> c.meta().remoteIp().equals(remoteIp)).count();
    }
}
