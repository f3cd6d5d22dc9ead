package io.jacos.transport.grpc;

import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.jacos.cluster.DrainMark;
import io.jacos.infrastructure.ListenAddresses;
import io.jacos.infrastructure.ServerEndpoints;
import io.jacos.settings.ConnectionSettings;
import io.jacos.settings.ServerSettings;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts the SDK gRPC server with the application and stops it with it (undeploy must free the port); the boot
 * sequence starts it once the data it serves is complete.
 * Owns only the lifecycle; the RPC logic lives in the services it binds.
 */
@Singleton
public class GrpcServerLifecycle {

    private static final Logger LOG = Logger.getLogger(GrpcServerLifecycle.class.getName());
    /** grpc-java frees its shared event loops a second after the last user; this leaves room for a slow machine. */
    private static final long LOOP_RELEASE_MILLIS = 5000;

    private final ServerEndpoints endpoints;
    private final ConnectionSettings connectionSettings;
    private final ServerSettings serverSettings;
    private final RequestDispatcher dispatcher;
    private final ConnectionTable connections;
    private final PayloadCodec codec;
    private final ServerStatus status;
    private final Clock clock;
    private final GrpcWorkers workers;
    private final GrpcTls tls;
    private final DrainMark drainMark;
    @Resource
    ManagedScheduledExecutorService scheduler;

    private Server server;

    /** For the EJB container. */
    public GrpcServerLifecycle() {
        this(null, null, null, null, null, null, null, null, null, null, null);
    }

    @Inject
    public GrpcServerLifecycle(ServerEndpoints endpoints, ConnectionSettings connectionSettings,
                               ServerSettings serverSettings, RequestDispatcher dispatcher, ConnectionTable connections,
                               PayloadCodec codec, ServerStatus status, Clock clock, GrpcWorkers workers, GrpcTls tls,
                               DrainMark drainMark) {
        this.drainMark = drainMark;
        this.endpoints = endpoints;
        this.connectionSettings = connectionSettings;
        this.serverSettings = serverSettings;
        this.dispatcher = dispatcher;
        this.connections = connections;
        this.codec = codec;
        this.status = status;
        this.clock = clock;
        this.workers = workers;
        this.tls = tls;
    }

    public void start() {
        InetSocketAddress address = ListenAddresses.bindable(endpoints.listenAddresses().grpc(), endpoints.grpcPort());
        ConnectionIdentity identity = new ConnectionIdentity(clock, this::cleanUpAfter);
        // Netty's event loops only move bytes; every call runs on container-managed request workers.
        // A connection with no open stream (it never sent ConnectionSetupRequest) is closed after the setup
        // timeout; a registered one always has its bi-stream open, so it is never idle in this sense.
        requireFree(address);
        server = serve(tls.secure(NettyServerBuilder.forAddress(address))
                .executor(workers.requests())
                .maxConnectionIdle(connectionSettings.setupTimeoutMillis(), TimeUnit.MILLISECONDS)
                .handshakeTimeout(connectionSettings.setupTimeoutMillis(), TimeUnit.MILLISECONDS)
                .maxInboundMessageSize(serverSettings.maxInboundMessageSize())
                .permitKeepAliveTime(serverSettings.permitKeepAlive().toMillis(), TimeUnit.MILLISECONDS)
                .permitKeepAliveWithoutCalls(true), identity, dispatcher, connections, codec, status)
                .build();
        try {
            server.start();
        } catch (IOException e) {
            throw refusal(address, e);
        }
        InetSocketAddress bound = new InetSocketAddress(address.getHostString(), server.getPort());
        status.serving(bound);
        drainMark.serving(true);
        LOG.info(() -> "Jacos gRPC server listening on " + bound.getHostString() + ":" + bound.getPort());
    }

    /**
     * What the SDK port serves, on a server of any transport: the netty one above, grpc-java's in-process one in the
     * component tests, so that they drive the same services, identity and dispatcher the clients reach.
     */
    static <T extends ServerBuilder<T>> T serve(T builder, ConnectionIdentity identity, RequestDispatcher dispatcher,
                                                ConnectionTable connections, PayloadCodec codec, ServerStatus status) {
        return builder.addTransportFilter(identity.transportFilter())
                .addService(ServerInterceptors.intercept(PayloadMarshaller.tolerant(
                        new UnaryRequestService(dispatcher)), identity.interceptor()))
                .addService(ServerInterceptors.intercept(PayloadMarshaller.tolerant(
                        new BiStreamService(connections, codec, status)), identity.interceptor()));
    }

    /**
     * Fails before grpc-java is involved when the port is taken: a grpc-java server whose start fails keeps its
     * share of grpc-java's event loops, whose threads then outlive the failed deployment. (Its shared loops are
     * kept rather than loops of our own: those cost about 10 % more CPU per call in the benchmark.)
     */
    private static void requireFree(InetSocketAddress address) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(address);
        } catch (IOException e) {
            throw refusal(address, e);
        }
    }

    /** Deployment tools show only the outermost message, so it must say what to do. */
    private static IllegalStateException refusal(InetSocketAddress address, IOException e) {
        String message = "Cannot listen for gRPC clients on " + address.getHostString() + ":" + address.getPort()
                + " (" + rootMessage(e) + "). Another deployment or server may hold this port; choose another"
                + " with the setting server.port (gRPC = server.port + 1000) or jacos.grpc.port.";
        LOG.severe(message);
        return new IllegalStateException(message, e);
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    /** Called on a Netty event loop: the clean-up (registry writes, events, pushes) goes to managed threads. */
    private void cleanUpAfter(ConnectionMeta meta) {
        try {
            workers.requests().execute(() -> connections.transportClosed(meta));
        } catch (RejectedExecutionException e) {
            // Request workers saturated: the clean-up must still happen, so it takes the scheduler instead.
            scheduler.execute(() -> connections.transportClosed(meta));
        }
    }

    /**
     * Stops the server and frees its port; later calls do nothing. Called when the web module stops, while the
     * application's classes can still be loaded (on Payara Server they no longer can by the time this bean is
     * destroyed).
     */
    public void shutDown() {
        status.stopped();
        if (drainMark != null) {
            drainMark.serving(false);
        }
        Server running = server;
        server = null;
        if (running == null) {
            return;
        }
        try {
            connections.closeAll();
        } catch (RuntimeException | LinkageError e) {
            // The port must be released whatever the clean-up of the connections does.
            LOG.log(Level.WARNING, "Closing the gRPC connections at stop failed; the server stops anyway", e);
        }
        running.shutdown();
        try {
            if (!running.awaitTermination(5, TimeUnit.SECONDS)) {
                running.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            running.shutdownNow();
            Thread.currentThread().interrupt();
        }
        EventLoopThreads.awaitEnd(LOOP_RELEASE_MILLIS);
        LOG.info("Jacos gRPC server stopped");
    }
}
