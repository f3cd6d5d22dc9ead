package io.jacos.transport.grpc;

import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.jacos.infrastructure.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Starts the SDK gRPC server with the application and stops it with it (undeploy must free the port).
 * Owns only the lifecycle; the RPC logic lives in the services it binds.
 */
@Singleton
@Startup
@DependsOn("Registry")
public class GrpcServerLifecycle {

    private static final Logger LOG = Logger.getLogger(GrpcServerLifecycle.class.getName());

    @Inject
    Settings settings;
    @Inject
    RequestDispatcher dispatcher;
    @Inject
    ConnectionTable connections;
    @Inject
    PayloadCodec codec;
    @Inject
    ServerStatus status;
    @Inject
    Clock clock;

    private Server server;

    @PostConstruct
    void start() {
        InetSocketAddress address = new InetSocketAddress(settings.grpcBindAddress(), settings.grpcPort());
        ConnectionIdentity identity = new ConnectionIdentity(clock,
                meta -> connections.unregister(meta.id(), "transport terminated"));
        // Handlers never block (in-memory work, asynchronous pushes), so they run on the transport threads and
        // spare every call a hand-off to another thread.
        server = NettyServerBuilder.forAddress(address)
                .directExecutor()
                .maxInboundMessageSize(settings.maxInboundMessageSize())
                .permitKeepAliveTime(settings.permitKeepAlive().toMillis(), TimeUnit.MILLISECONDS)
                .permitKeepAliveWithoutCalls(true)
                .addTransportFilter(identity.transportFilter())
                .addService(ServerInterceptors.intercept(new UnaryRequestService(dispatcher), identity.interceptor()))
                .addService(ServerInterceptors.intercept(new BiStreamService(connections, codec, status),
                        identity.interceptor()))
                .build();
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start the gRPC server on " + address, e);
        }
        InetSocketAddress bound = new InetSocketAddress(address.getHostString(), server.getPort());
        status.serving(bound);
        LOG.info(() -> "Jacos gRPC server listening on " + bound.getHostString() + ":" + bound.getPort());
    }

    @PreDestroy
    void stop() {
        status.stopped();
        if (server == null) {
            return;
        }
        connections.closeAll();
        server.shutdown();
        try {
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        }
        LOG.info("Jacos gRPC server stopped");
    }
}
