package io.jacos.health;

import io.jacos.model.HealthCheck;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.nio.channels.AsynchronousChannelGroup;
import java.nio.channels.AsynchronousSocketChannel;
import java.nio.channels.CompletionHandler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * TCP connect and HTTP status checks on non-blocking sockets: one {@link AsynchronousChannelGroup} whose few
 * threads ({@code jacos-health-<n>}) run every probe's I/O, however many are open. The group makes all its
 * threads when it is opened, so opened during deployment they carry the application's context (see
 * {@link io.jacos.infrastructure.ManagedPools}). Each probe's socket is closed as soon as its result is complete,
 * whoever completed it; {@link #close()} closes whatever is left and ends the threads.
 */
public final class SocketProber implements Prober, AutoCloseable {

    private static final Logger LOG = Logger.getLogger(SocketProber.class.getName());

    private final AsynchronousChannelGroup group;
    private final Executor lookups;

    private SocketProber(AsynchronousChannelGroup group, Executor lookups) {
        this.group = group;
        this.lookups = lookups;
    }

    /**
     * @param threads       I/O threads, made at once by {@code threadFactory}
     * @param lookups       where host names (not IP literals) are looked up, since a lookup blocks
     */
    public static SocketProber open(int threads, ThreadFactory threadFactory, Executor lookups) throws IOException {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory named = task -> {
            Thread thread = threadFactory.newThread(task);
            thread.setName("jacos-health-" + count.incrementAndGet());
            return thread;
        };
        return new SocketProber(AsynchronousChannelGroup.withFixedThreadPool(threads, named), lookups);
    }

    @Override
    public CompletableFuture<ProbeResult> probe(String host, int port, HealthCheck check) {
        CompletableFuture<ProbeResult> result = new CompletableFuture<>();
        ProbeAddress.resolve(host, port, lookups).whenComplete((address, failure) -> {
            if (failure != null) {
                result.complete(ProbeResult.FAILED); // an unknown host is the target's fault
            } else if (!result.isDone()) {
                connect(address, host, check, result);
            }
        });
        return result;
    }

    private void connect(InetSocketAddress address, String host, HealthCheck check, CompletableFuture<ProbeResult> result) {
        AsynchronousSocketChannel channel;
        try {
            channel = AsynchronousSocketChannel.open(group);
        } catch (IOException | RuntimeException e) {
            result.completeExceptionally(e); // no sockets left, or closing: no verdict on the target
            return;
        }
        result.whenComplete((healthy, failure) -> closeQuietly(channel));
        try {
            channel.connect(address, null, new CompletionHandler<Void, Void>() {
                @Override
                public void completed(Void unused, Void attachment) {
                    if (check.type() != HealthCheck.Type.HTTP) {
                        result.complete(ProbeResult.ALIVE);
                        return;
                    }
                    try {
                        new HttpStatusExchange(channel, HttpProbeRequest.of(host, address.getPort(), check),
                                check.expectedStatus(), result).start();
                    } catch (RuntimeException e) {
                        result.complete(ProbeResult.FAILED);
                    }
                }

                @Override
                public void failed(Throwable failure, Void attachment) {
                    result.complete(failure instanceof ConnectException ? ProbeResult.REFUSED : ProbeResult.FAILED);
                }
            });
        } catch (RuntimeException e) {
            result.complete(ProbeResult.FAILED); // closed in between by the probe's timeout
        }
    }

    private static void closeQuietly(AsynchronousSocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "Closing a probe's socket failed", e);
        }
    }

    /** Closes every open probe socket and waits (up to 5 s) for the I/O threads to end. */
    @Override
    public void close() {
        try {
            group.shutdownNow();
            if (!group.awaitTermination(5, TimeUnit.SECONDS)) {
                LOG.warning("Health check I/O threads still running 5 s after close");
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Closing the health check sockets failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
