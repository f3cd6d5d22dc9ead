package io.jacos.bench;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Scale by fan-out: every connection of the fleet subscribes to one service, then a publisher on a connection of
 * its own changes it ({@code rounds} times, one registration with a new {@code seq} each). Per round, each
 * subscriber's latency is from just before the publisher sends the change to the push's arrival on the
 * subscriber's connection; all rounds' samples make one distribution, and a subscriber that did not see a round's
 * change within the bound counts as missed. The first {@code warmUpRounds} are not counted: a server in service has
 * compiled its push path long before, and 10,000 pushes per round leave the JIT compiling for dozens of rounds.
 */
final class ScaleFanOutPhase {

    static final String SERVICE = "scale-fanout";
    private static final String PUBLISHER_IP = "10.255.255.1";
    private static final int PUBLISHER_PORT = 9_000;

    private ScaleFanOutPhase() {
    }

    static Latencies.Summary run(ScaleFleet fleet, RawSubscriber publisher, int warmUpRounds, int rounds,
                                 long roundTimeoutMillis) throws Exception {
        int n = fleet.connections().size();
        AtomicLong sentNanos = new AtomicLong();
        AtomicLong expectedSeq = new AtomicLong(-1);
        Latencies counted = new Latencies();
        AtomicReference<Latencies> latencies = new AtomicReference<>(new Latencies());
        CountDownLatch[] round = {new CountDownLatch(n)};
        // Each subscriber counts a round once: the first list carrying that round's seq.
        int[] lastSeen = new int[n];
        fleet.forEach((index, connection) -> {
            lastSeen[index] = -1;
            connection.subscribe(SERVICE, "DEFAULT_GROUP", PUBLISHER_IP, PUBLISHER_PORT, (seq, arrival) -> {
                synchronized (lastSeen) {
                    if (seq != expectedSeq.get() || lastSeen[index] == seq) {
                        return;
                    }
                    lastSeen[index] = seq;
                }
                latencies.get().add(arrival - sentNanos.get());
                round[0].countDown();
            });
        }, 600);
        Benchmark.log("scale: " + n + " subscribers of " + SERVICE);
        for (int r = 0; r < warmUpRounds + rounds; r++) {
            boolean warmUp = r < warmUpRounds;
            latencies.set(warmUp ? new Latencies() : counted);
            round[0] = new CountDownLatch(n);
            expectedSeq.set(r);
            sentNanos.set(System.nanoTime());
            publisher.register(SERVICE, "DEFAULT_GROUP", PUBLISHER_IP, PUBLISHER_PORT,
                    Map.of(PushLatencyPhase.SEQ, Integer.toString(r)));
            boolean all = round[0].await(roundTimeoutMillis, TimeUnit.MILLISECONDS);
            long missing = round[0].getCount();
            for (long m = 0; m < missing; m++) {
                latencies.get().miss();
            }
            Benchmark.log("scale: fan-out " + (warmUp ? "warm-up " : "") + "round " + r + ": " + (n - missing) + "/"
                    + n + " notified" + (all ? "" : " within " + roundTimeoutMillis + " ms") + "; "
                    + (warmUp ? "this round " : "counted so far ") + Report.latency(latencies.get().summary()));
        }
        return counted.summary();
    }
}
