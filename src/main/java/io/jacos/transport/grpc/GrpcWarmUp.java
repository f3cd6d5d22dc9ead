package io.jacos.transport.grpc;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Loads the gRPC transport's classes and its native I/O library on a managed thread while the boot opens the
 * database, so the gRPC server's own start, which comes last, finds them ready: it took about half a second of a
 * two-second boot on a two-core machine. The port is not touched; nothing waits for this.
 */
@ApplicationScoped
public class GrpcWarmUp {

    private static final Logger LOG = Logger.getLogger(GrpcWarmUp.class.getName());

    @Resource
    ManagedExecutorService executor;

    public void start() {
        executor.execute(GrpcWarmUp::load);
    }

    static void load() {
        try {
            Epoll.isAvailable();
            NettyServerBuilder.forPort(0);
        } catch (RuntimeException | LinkageError e) {
            // The server's start meets the same problem and reports it; this was only a head start.
            LOG.log(Level.FINE, "gRPC warm-up failed", e);
        }
    }
}
