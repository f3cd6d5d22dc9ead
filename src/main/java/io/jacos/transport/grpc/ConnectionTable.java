package io.jacos.transport.grpc;

import io.grpc.stub.ServerCallStreamObserver;
import io.jacos.application.ClientSessionService;
import io.jacos.cluster.DrainMark;
import io.jacos.health.LiveConnections;
import io.jacos.settings.PushSettings;
import io.jacos.settings.ConnectionSettings;
import io.jacos.model.ChangeCause;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.task.Periodic;
import io.jacos.transport.grpc.dto.ConnectionSetupBody;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.transport.grpc.dto.ServerRequestBody;
import io.jacos.transport.grpc.proto.Payload;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * The registered gRPC connections. A connection is registered by its {@code ConnectionSetupRequest} and
 * unregistered when its transport or stream ends or it is evicted; either way its client leaves the registry.
 * Limits: connections in all and per IP (refused at setup, as are all while the node is drained), and a connection whose pushes have been held
 * back by an unread stream for the blocked timeout is dropped.
 */
@ApplicationScoped
public class ConnectionTable implements LiveConnections {

    private static final Logger LOG = Logger.getLogger(ConnectionTable.class.getName());
    /** Timeouts need less precision than push delays: sweep every this many task ticks. */
    private static final int TIMEOUT_SWEEP_TICKS = 20;

    private ClientSessionService sessions;
    private PushSettings pushSettings;
    private ConnectionSettings connectionSettings;
    private Clock clock;
    private PayloadCodec codec;
    private GrpcWorkers workers;
    private DrainMark drainMark;

    /** For the container's proxy. */
    protected ConnectionTable() {
    }

    @Inject
    public ConnectionTable(ClientSessionService sessions, PushSettings pushSettings,
                           ConnectionSettings connectionSettings, Clock clock, PayloadCodec codec, GrpcWorkers workers,
                           DrainMark drainMark) {
        this.sessions = sessions;
        this.pushSettings = pushSettings;
        this.connectionSettings = connectionSettings;
        this.clock = clock;
        this.codec = codec;
        this.workers = workers;
        this.drainMark = drainMark;
    }
    @Resource
    ManagedScheduledExecutorService scheduler;

    private final Map<String, GrpcConnection> connections = new ConcurrentHashMap<>();
    /** Connections waiting on a deadline; the sweep visits these only (10,000 quiet ones cost it nothing). */
    private final Set<GrpcConnection> waiting = ConcurrentHashMap.newKeySet();
    private final IpCounts perIp = new IpCounts();
    private ScheduledFuture<?> timeoutSweep;

    /** Server requests time out by a periodic sweep: one schedule in all, not one per push. */
    public synchronized void start() {
        if (timeoutSweep == null) {
            timeoutSweep = Periodic.every(scheduler, pushSettings.taskTickMillis() * TIMEOUT_SWEEP_TICKS,
                    "Request timeout sweep", this::sweep);
        }
    }

    public synchronized void stop() {
        if (timeoutSweep != null) {
            timeoutSweep.cancel(false);
            timeoutSweep = null;
        }
    }

    void sweep() {
        long now = clock.millis();
        // Iterated in place: a connection stays in the set while it waits, so a sweep of thousands of connections
        // that all await an ack changes nothing in it. The iterator tolerates the removals and re-additions below.
        for (GrpcConnection connection : waiting) {
            connection.expireOverdue(now);
            long blockedSince = connection.outbox().blockedSinceMillis();
            if (blockedSince >= 0 && now - blockedSince >= pushSettings.pushBlockedTimeoutMillis()) {
                waiting.remove(connection);
                unregister(connection.id(), "pushes blocked for " + (now - blockedSince) + " ms",
                        ChangeCause.PUSH_BLOCKED);
            } else if (blockedSince < 0 && !connection.hasPendingRequests()) {
                waiting.remove(connection);
                // A request or a block that began between the look and the removal added itself before the
                // removal; a second look keeps it swept. One that begins after the removal adds itself.
                if (connection.hasPendingRequests() || connection.outbox().blockedSinceMillis() >= 0) {
                    waiting.add(connection);
                }
            }
        }
    }

    /**
     * Returns false when the connection is refused (transport already gone, a connection limit reached, or this
     * node drained by an operator: a client that passed its server check just before the drain).
     */
    boolean register(ConnectionMeta meta, ConnectionSetupBody setup, String clientIp,
                     ServerCallStreamObserver<Payload> stream) {
        if (meta.isTerminated() || drainMark.drained() || !claimPlace(meta)) {
            return false;
        }
        // Counted from here on: every path below that does not keep the connection takes the count back.
        GrpcConnection connection = new GrpcConnection(meta, clientIp, setup.clientVersion(), setup.labels(),
                stream, clock.millis());
        connection.onWaiting(() -> waiting.add(connection));
        connection.attach(new PushOutbox(connection, ConnectionTable::isSuccess, workers.pushWriters(), clock::millis,
                pushSettings.pushTimeoutMillis()));
        if (connections.putIfAbsent(meta.id(), connection) != null) {
            // A repeated setup on a registered stream: the connection is counted once.
            perIp.remove(meta.remoteIp());
            return true;
        }
        ClientId client = new ClientId(meta.id());
        sessions.connected(client, ClientKind.CONNECTION);
        if (meta.isTerminated()) {
            // The transport ended while this setup ran; its clean-up may have run before the client existed.
            if (connections.remove(meta.id(), connection)) {
                perIp.remove(meta.remoteIp());
            }
            connection.close();
            sessions.disconnected(client, ChangeCause.CONNECTION_CLOSED);
            return false;
        }
        LOG.fine(() -> "Connection " + meta.id() + " registered: " + setup.clientVersion());
        return true;
    }

    /**
     * Takes a place for the connection within the limits: false when one is reached, otherwise the connection is
     * counted against its IP's limit (the caller keeps or gives back that place).
     */
    private boolean claimPlace(ConnectionMeta meta) {
        int max = connectionSettings.maxConnections();
        if (max > 0 && connections.size() >= max) {
            LOG.warning(() -> "Connection from " + meta.remoteIp() + " refused: " + max + " connections open");
            return false;
        }
        int maxPerIp = connectionSettings.maxConnectionsPerIp();
        if (!perIp.tryAdd(meta.remoteIp(), maxPerIp)) {
            LOG.fine(() -> "Connection from " + meta.remoteIp() + " refused: " + maxPerIp + " open from that IP"
                    + " (jacos.connection.max-per-ip)");
            return false;
        }
        return true;
    }

    /** Connections registered from this remote IP. */
    int countFrom(String remoteIp) {
        return perIp.of(remoteIp);
    }

    Optional<GrpcConnection> find(String id) {
        return Optional.ofNullable(connections.get(id));
    }

    public int size() {
        return connections.size();
    }

    /** Connections the timeout sweep visits. */
    int waitingCount() {
        return waiting.size();
    }

    /** The registered connections' ids, oldest registration first (ties by id), so callers pick deterministically. */
    public List<String> ids() {
        return connections.values().stream().sorted(Comparator.comparingLong(GrpcConnection::connectedMillis)
                .thenComparing(GrpcConnection::id)).map(GrpcConnection::id).toList();
    }

    void unregister(String id, String reason, ChangeCause cause) {
        GrpcConnection connection = connections.remove(id);
        if (connection != null) {
            perIp.remove(connection.meta().remoteIp());
            waiting.remove(connection);
            LOG.fine(() -> "Connection " + id + " unregistered: " + reason);
            connection.close();
            sessions.disconnected(new ClientId(id), cause);
        }
    }

    /**
     * The TCP connection is gone. Called on a request thread after the transport marked itself terminated,
     * so a setup still running sees the mark and removes its own client (see {@link #register}).
     */
    void transportClosed(ConnectionMeta meta) {
        unregister(meta.id(), "transport terminated", ChangeCause.CONNECTION_CLOSED);
    }

    /** Sends a server request and bounds the wait for the answer. */
    CompletableFuture<ResponseBody> request(GrpcConnection connection, Function<String, Payload> body,
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
        return request(connection, id -> codec.encode("ClientDetectionRequest", ServerRequestBody.internal(id)),
                timeoutMillis).handle((answer, failure) -> {
                    boolean alive = failure == null && isSuccess(answer);
                    if (alive) {
                        connection.touch(clock.millis());
                    }
                    return alive;
                });
    }

    @Override
    public void evict(String connectionId, String reason) {
        unregister(connectionId, reason, ChangeCause.CONNECTION_PROBE_FAILED);
    }

    static boolean isSuccess(ResponseBody answer) {
        return answer.resultCode() == ResponseBody.OK;
    }

    void closeAll() {
        List.copyOf(connections.keySet()).forEach(id -> unregister(id, "server stopping", ChangeCause.CONNECTION_CLOSED));
    }
}
