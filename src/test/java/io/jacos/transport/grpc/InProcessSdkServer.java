package io.jacos.transport.grpc;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.jacos.application.internal.TestServices;
import io.jacos.auth.Action;
import io.jacos.auth.AuthGate;
import io.jacos.auth.Identity;
import io.jacos.cluster.DrainMark;
import io.jacos.limit.RateLimits;
import io.jacos.settings.ConnectionSettings;
import io.jacos.settings.NamingSettings;
import io.jacos.settings.PushSettings;
import io.jacos.testing.RecordingEvent;
import io.jacos.testing.SteppedClock;
import io.jacos.transport.grpc.handler.TestHandlers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The SDK port's stack as the container wires it (connection identity, bi-stream, rate limit, access check,
 * dispatcher, every handler, and the real use cases and registry under them) served on grpc-java's in-process
 * transport, every call on the caller's thread. Not wired: push, health checks, replication and metrics, the
 * observers of what the registry fires ({@link TestServices#fired} records it instead).
 */
final class InProcessSdkServer implements AutoCloseable {

    /** Small limits, so that a test reaches them with a few requests. */
    static final int MAX_SUBSCRIPTIONS = 5;
    static final int MAX_CONNECTIONS_PER_IP = 8;

    final SteppedClock clock = new SteppedClock(1_700_000_000_000L);
    final TestServices services;
    final ConnectionTable connections;
    /** Whether an operator drained this node; the mark's own setter announces the change through CDI. */
    final AtomicBoolean drained = new AtomicBoolean();
    private final DrainMark drainMark = new DrainMark(new RecordingEvent<>()) {
        @Override
        public boolean drained() {
            return drained.get();
        }
    };
    final ServerStatus status = new ServerStatus();
    private final String name = InProcessServerBuilder.generateName();
    private final Server server;
    private final List<ManagedChannel> channels = new CopyOnWriteArrayList<>();

    InProcessSdkServer(AuthGate authGate, RateLimits limits) {
        NamingSettings naming = new Naming();
        ConnectionSettings connection = new Connection();
        services = new TestServices(clock, naming, connection);
        PayloadCodec codec = new PayloadCodec();
        var connectionsPushSettings = new Push();
        var connectionsWorkers = new GrpcWorkers() {
            @Override
            public Executor pushWriters() {
                return Runnable::run;
            }
        };
        connections = new ConnectionTable(services.sessions, connectionsPushSettings, connection, clock, codec,
                connectionsWorkers, drainMark);
        ServiceInfoJson serviceInfo = new ServiceInfoJson(codec, naming, clock);
        GrpcRateLimit rateLimit = new GrpcRateLimit(limits, codec);
        RequestDispatcher dispatcher = new RequestDispatcher(null, codec, connections, status, clock, drainMark,
                rateLimit, authGate);
        TestHandlers.all(services.registration, services.persistent, services.discovery, serviceInfo)
                .forEach(dispatcher::add);
        ConnectionIdentity identity = new ConnectionIdentity(clock, connections::transportClosed);
        server = GrpcServerLifecycle.serve(InProcessServerBuilder.forName(name).directExecutor(), identity, dispatcher,
                connections, codec, status).build();
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        status.serving(new InetSocketAddress("127.0.0.1", 9848));
    }

    /** With auth off and no rate limits. */
    InProcessSdkServer() {
        this(AuthOff.GATE, new RateLimits(0, 0, 0, 0, 0, 100, new SteppedClock(0)));
    }

    /** Connects like nacos-client 2.x: server check, bi-stream, setup, setup ack. */
    SdkConnection connect() {
        SdkConnection connection = connectWithoutSetup();
        connection.setUp();
        return connection;
    }

    /** Connects and passes the server check, but never sets up: the server does not register the connection. */
    SdkConnection connectWithoutSetup() {
        // Connection ids are made of the clock and the peer, and an in-process peer has no address.
        clock.advance(1);
        ManagedChannel channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        channels.add(channel);
        SdkConnection connection = new SdkConnection(channel);
        connection.serverCheck();
        return connection;
    }

    @Override
    public void close() {
        channels.forEach(ManagedChannel::shutdownNow);
        server.shutdownNow();
    }

    /** The connection settings these paths read; unset ones are zero, which none of them reads. */
    private static final class Connection extends ConnectionSettings {

        @Override
        public int maxConnections() {
            return 100;
        }

        @Override
        public int maxConnectionsPerIp() {
            return InProcessSdkServer.MAX_CONNECTIONS_PER_IP;
        }

        @Override
        public int maxSubscriptionsPerConnection() {
            return InProcessSdkServer.MAX_SUBSCRIPTIONS;
        }
    }

    private static final class Push extends PushSettings {

        @Override
        public long pushTimeoutMillis() {
            return 5000;
        }
    }

    private static final class Naming extends NamingSettings {

        @Override
        public int answerCacheMaxServices() {
            return 100;
        }

        @Override
        public long cacheMillis() {
            return 10_000;
        }
    }

    /** Auth off, as by default. */
    private enum AuthOff implements AuthGate {
        GATE;

        @Override
        public boolean enabled() {
            return false;
        }

        @Override
        public Identity identify(String token) {
            return Identity.UNCHECKED;
        }

        @Override
        public Identity authorize(String token, String namespaceId, Action action) {
            return Identity.UNCHECKED;
        }

        @Override
        public Identity requireAdmin(String token) {
            return Identity.UNCHECKED;
        }
    }
}
