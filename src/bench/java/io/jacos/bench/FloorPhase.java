package io.jacos.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The gRPC transport's floor: server CPU per {@code ServerCheckRequest}, the unary request that does no work on
 * either server. Every naming request pays this much before its own work (framing, HTTP/2, the request
 * envelope, dispatch), so it bounds how far below the other server a per-request figure can go. Sent over a
 * few raw connections set up as the real client does, from several threads, after a warm-up.
 */
final class FloorPhase {

    private static final int CONNECTIONS = 4;

    private FloorPhase() {
    }

    /** CPU per call in microseconds, NaN when calls failed or the server's CPU is unknown. */
    static double run(String serverAddr, int warmupCalls, int calls, int threads, ServerProcess server)
            throws Exception {
        List<RawSubscriber> connections = new ArrayList<>();
        try {
            for (int i = 0; i < CONNECTIONS; i++) {
                connections.add(RawSubscriber.open(serverAddr));
            }
            send(connections, warmupCalls, threads);
            long before = server.cpuMicros();
            int failed = send(connections, calls, threads);
            long after = server.cpuMicros();
            return failed > 0 || before < 0 || after < 0 || calls == 0 ? Double.NaN
                    : (after - before) / (double) calls;
        } finally {
            connections.forEach(RawSubscriber::close);
        }
    }

    /** Sends {@code calls} checks from {@code threads} threads; returns how many were not answered 200. */
    private static int send(List<RawSubscriber> connections, int calls, int threads) throws InterruptedException {
        AtomicInteger claimed = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            RawSubscriber connection = connections.get(t % connections.size());
            Thread worker = new Thread(() -> {
                while (claimed.getAndIncrement() < calls) {
                    try {
                        if (!connection.serverCheck()) {
                            failed.incrementAndGet();
                        }
                    } catch (Exception e) {
                        failed.incrementAndGet();
                    }
                }
            }, "bench-floor-" + t);
            worker.setDaemon(true);
            worker.start();
            workers.add(worker);
        }
        for (Thread worker : workers) {
            worker.join();
        }
        return failed.get();
    }
}
