package io.jacos.transport.grpc;

import io.grpc.netty.shaded.io.netty.util.concurrent.FastThreadLocalThread;

import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Waits, at undeploy, for grpc-java's shared event loops of this application to end. grpc-java releases them
 * about a second after the last server stops; if the application's class loader is closed by then (WildFly
 * closes it within a few hundred ms), a loop fails to load the classes it needs to shut down and keeps the
 * listening socket, so the port stays bound. Waiting here keeps the class loader open until they are gone.
 */
final class EventLoopThreads {

    private static final Logger LOG = Logger.getLogger(EventLoopThreads.class.getName());
    private static final long POLL_MILLIS = 50;

    private EventLoopThreads() {
    }

    /** Waits at most {@code maxMillis} for every Netty thread of this application to end. */
    static void awaitEnd(long maxMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxMillis);
        while (anyAlive()) {
            if (System.nanoTime() > deadline) {
                LOG.warning("gRPC event loop threads still running " + maxMillis + " ms after the server stopped");
                return;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static boolean anyAlive() {
        // The shaded Netty classes are this application's own, so their threads are the application's loops.
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread instanceof FastThreadLocalThread && thread.isAlive());
    }
}
