package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Push latency to many subscribers of one service. A subscription belongs to a (connection, service) pair, so
 * {@code n} subscribers of one service need {@code n} connections: this phase opens {@code n} more connections,
 * as a fleet of {@code n} hosts would, and runs {@link PushLatencyPhase} over them. It also records what those
 * subscribers cost this JVM (threads, heap), since they all live in the benchmark process, and the server's RSS
 * while it holds them.
 * <p>
 * By default they are real nacos-client NamingService instances. Those all share this JVM's two CPUs with the
 * server and run nacos-client's whole per-push work (JSON, cache file, one shared event thread for every
 * listener), so the latency is mostly this JVM's. {@code -Dbench.fanout.client=raw} uses {@link RawSubscriber}
 * instead, which times the push's arrival on the connection and so shows the server's share.
 */
final class FanOutPhase {

    /** {@code benchHeapAdded}: heap in use after a full GC, after minus before connecting; -1 if unknown. */
    record Result(PushLatencyPhase.Result push, int clients, boolean raw, long connectNanos, int benchThreadsAdded,
                  long benchHeapAdded, long benchRssKib, long serverRssKib) {
    }

    private FanOutPhase() {
    }

    static Result run(Clients clients, NamingService publisher, BenchConfig config, ServerProcess server)
            throws Exception {
        ServerProcess self = new ServerProcess(ProcessHandle.current().pid());
        int threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();
        long heapBefore = heapUsedAfterGc();
        ExecutorService connectPool = Executors.newFixedThreadPool(config.connectThreads());
        List<RawSubscriber> raw = new ArrayList<>();
        ScheduledExecutorService keepAlive = Executors.newSingleThreadScheduledExecutor();
        try {
            List<PushSubscriber> subscribers;
            long start = System.nanoTime();
            if (config.fanoutRaw()) {
                raw.addAll(openRaw(clients.serverAddr(), config.fanoutSubscribers(), connectPool));
                subscribers = List.copyOf(raw);
                keepAlive.scheduleWithFixedDelay(() -> raw.forEach(RawSubscriber::keepAlive), 1, 1, TimeUnit.SECONDS);
            } else {
                subscribers = clients.create(config.fanoutSubscribers(), connectPool).stream()
                        .map(PushSubscriber::of).toList();
            }
            long connectNanos = System.nanoTime() - start;
            int threadsAdded = ManagementFactory.getThreadMXBean().getThreadCount() - threadsBefore;
            long heapAdded = heapUsedAfterGc() - heapBefore;
            long rssKib = self.rssKib();
            Benchmark.log(String.format(Locale.ROOT,
                    "fan-out: %d %s subscribers connected in %.1f s; this JVM %+d threads, %+.0f MiB heap, RSS %s MiB",
                    subscribers.size(), config.fanoutRaw() ? "raw" : "nacos-client", connectNanos / 1e9, threadsAdded,
                    heapAdded / 1048576.0, Report.fmt(rssKib / 1024.0)));

            PushLatencyPhase push = new PushLatencyPhase(publisher, subscribers, "bench-fanout",
                    config.roundTimeoutMillis());
            push.subscribe();
            PushLatencyPhase.Result warm = push.run(config.fanoutWarmupRounds(), server);
            Benchmark.log("fan-out warm-up: " + warm.rounds() + " rounds, " + Report.latency(warm.latency()));
            PushLatencyPhase.Result measured = push.run(config.fanoutRounds(), server);
            return new Result(measured, subscribers.size(), config.fanoutRaw(), connectNanos, threadsAdded, heapAdded,
                    rssKib, server.rssKib());
        } finally {
            keepAlive.shutdownNow();
            closeRaw(raw, connectPool);
            connectPool.shutdownNow();
        }
    }

    private static List<RawSubscriber> openRaw(String serverAddr, int count, ExecutorService pool) throws Exception {
        List<Future<RawSubscriber>> futures = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            futures.add(pool.submit(() -> RawSubscriber.open(serverAddr)));
        }
        List<RawSubscriber> opened = new ArrayList<>();
        Exception failure = null;
        for (Future<RawSubscriber> f : futures) {
            try {
                opened.add(f.get(30, TimeUnit.SECONDS));
            } catch (Exception e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            closeRaw(opened, pool);
            throw failure;
        }
        return opened;
    }

    /** Closes the raw subscribers on the pool, bounded; the channels' own shutdown is bounded too. */
    private static void closeRaw(List<RawSubscriber> subscribers, ExecutorService pool) {
        List<Future<?>> closing = new ArrayList<>();
        for (RawSubscriber s : subscribers) {
            closing.add(pool.submit(s::close));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (Future<?> f : closing) {
            try {
                f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                return; // whatever is still open goes with the process
            }
        }
    }

    /** Heap in use right after a full collection (System.gc is honoured by the default G1 collector). */
    private static long heapUsedAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
