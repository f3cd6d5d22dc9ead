package io.jacos.bench;

import java.util.ArrayList;
import java.util.List;

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

    /** CPU per call in microseconds; NaN when a call failed, the time bound cut it short or the CPU is unknown. */
    static double run(String serverAddr, int warmupCalls, int calls, int threads, ServerProcess server,
                      long timeoutMillis) throws Exception {
        List<RawSubscriber> connections = new ArrayList<>();
        try {
            for (int i = 0; i < CONNECTIONS; i++) {
                connections.add(RawSubscriber.open(serverAddr));
            }
            send(connections, warmupCalls, threads, timeoutMillis);
            long before = server.cpuMicros();
            ClaimedCalls.Outcome measured = send(connections, calls, threads, timeoutMillis);
            long after = server.cpuMicros();
            return measured.completed() < calls || before < 0 || after < 0 ? Double.NaN
                    : (after - before) / (double) calls;
        } finally {
            connections.forEach(RawSubscriber::close);
        }
    }

    private static ClaimedCalls.Outcome send(List<RawSubscriber> connections, int calls, int threads,
                                             long timeoutMillis) throws InterruptedException {
        // Each call is bounded by RawSubscriber's own timeout, so the joins end soon after the deadline.
        return ClaimedCalls.run(calls, threads, timeoutMillis, 20_000, "bench-floor", (thread, index) -> {
            try {
                return connections.get(thread % connections.size()).serverCheck() ? null : "not answered 200";
            } catch (Exception e) {
                return e.toString();
            }
        });
    }
}
