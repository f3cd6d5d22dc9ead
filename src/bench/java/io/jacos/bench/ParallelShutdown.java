package io.jacos.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.TimeUnit;

/** Shuts clients down in parallel, bounded in time: whatever hangs is left to System.exit. */
final class ParallelShutdown {

    private static final long BOUND_SECONDS = 20;

    /** One client's shutdown. */
    interface ShutDown<T> {
        void shutDown(T client) throws Exception;
    }

    private ParallelShutdown() {
    }

    /** Takes every client out of {@code open} and shuts it down, each on a daemon thread named {@code thread}. */
    static <T> void all(Queue<T> open, ShutDown<T> shutDown, String thread) {
        List<Thread> closers = new ArrayList<>();
        T client;
        while ((client = open.poll()) != null) {
            T toClose = client;
            Thread t = new Thread(() -> {
                try {
                    shutDown.shutDown(toClose);
                } catch (Exception | LinkageError ignored) {
                    // Best effort: the server drops the connection when the process exits anyway.
                }
            }, thread);
            t.setDaemon(true);
            t.start();
            closers.add(t);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
        for (Thread t : closers) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return;
            }
            try {
                t.join(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
