package io.jacos.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Many {@link RawSubscriber} connections held open at once, for the scale scenarios. They are opened at a bounded
 * rate: a burst of thousands of set-ups at once would queue behind each other on a 2-core machine, and a client
 * whose set-up waits too long is dropped by the server's set-up timeout. With {@code clientKeepAlive} each sends a
 * HealthCheckRequest after 5 s without traffic, as nacos-client does; without it the connections stay quiet and
 * only answer the server's own idle-connection probes (ClientDetectionRequest), so the server's background CPU is
 * what the idle window measures.
 */
final class ScaleFleet implements AutoCloseable {

    private final List<RawSubscriber> connections = new ArrayList<>();
    private final ExecutorService pool;
    private final ScheduledExecutorService keepAlive = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "scale-keep-alive");
        thread.setDaemon(true);
        return thread;
    });

    private ScaleFleet(int threads) {
        this.pool = Executors.newFixedThreadPool(threads);
    }

    /** Opens {@code count} connections, at most {@code perSecond} set-ups per second; fails if any fails. */
    static ScaleFleet open(String serverAddr, int count, int perSecond, int threads, boolean clientKeepAlive)
            throws Exception {
        ScaleFleet fleet = new ScaleFleet(threads);
        try {
            long start = System.nanoTime();
            long gapNanos = TimeUnit.SECONDS.toNanos(1) / Math.max(1, perSecond);
            List<Future<RawSubscriber>> futures = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                LockSupport.parkNanos(start + i * gapNanos - System.nanoTime());
                futures.add(fleet.pool.submit(() -> RawSubscriber.open(serverAddr)));
                if ((i + 1) % 2_000 == 0) {
                    Benchmark.log("scale: " + (i + 1) + " connection set-ups started");
                }
            }
            for (Future<RawSubscriber> f : futures) {
                fleet.connections.add(f.get(60, TimeUnit.SECONDS));
            }
            Benchmark.log(String.format(Locale.ROOT, "scale: %d connections open in %.1f s", count,
                    (System.nanoTime() - start) / 1e9));
        } catch (Exception | Error e) {
            fleet.close();
            throw e;
        }
        if (clientKeepAlive) {
            fleet.keepAlive.scheduleWithFixedDelay(() -> fleet.connections.forEach(RawSubscriber::keepAlive),
                    1, 1, TimeUnit.SECONDS);
        }
        return fleet;
    }

    List<RawSubscriber> connections() {
        return connections;
    }

    /** Runs {@code task} for every connection index on the fleet's threads and waits (bounded) for all of them. */
    void forEach(IndexedTask task, long timeoutSeconds) throws Exception {
        List<Future<?>> futures = new ArrayList<>(connections.size());
        for (int i = 0; i < connections.size(); i++) {
            int index = i;
            futures.add(pool.submit(() -> {
                task.run(index, connections.get(index));
                return null;
            }));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        for (Future<?> f : futures) {
            f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }

    @FunctionalInterface
    interface IndexedTask {
        void run(int index, RawSubscriber connection) throws Exception;
    }

    @Override
    public void close() {
        keepAlive.shutdownNow();
        List<Future<?>> closing = new ArrayList<>();
        for (RawSubscriber c : connections) {
            closing.add(pool.submit(c::close));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        for (Future<?> f : closing) {
            try {
                f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                break; // whatever is still open goes with the process
            }
        }
        connections.clear();
        pool.shutdownNow();
    }
}
