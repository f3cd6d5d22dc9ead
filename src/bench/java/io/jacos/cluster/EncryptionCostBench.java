package io.jacos.cluster;

import io.jacos.model.NodeId;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Not a test: what the cluster secret costs replication, on the JGroups stack alone (two channels in this JVM on
 * loopback, no server): the time for {@code bench.messages} (20,000) messages of {@code bench.bytes} (400, about
 * one instance change) and for {@code bench.snapshots} (20) of 1 MiB (a snapshot of some thousand instances) to
 * arrive, with the stack of a cluster without a secret and with one (SYM_ENCRYPT + AUTH, and each payload sealed
 * and checked as {@link ClusterConnection} does), alternating, best of {@code bench.rounds} (3).
 * <pre>
 * mvn -B -q -o test-compile exec:java -Dexec.mainClass=io.jacos.cluster.EncryptionCostBench -Dexec.classpathScope=test
 * </pre>
 */
public final class EncryptionCostBench {

    private EncryptionCostBench() {
    }

    public static void main(String[] args) throws Exception {
        int messages = Integer.getInteger("bench.messages", 20_000);
        int bytes = Integer.getInteger("bench.bytes", 400);
        int snapshots = Integer.getInteger("bench.snapshots", 20);
        int rounds = Integer.getInteger("bench.rounds", 3);
        Optional<ClusterKeys> keys = Optional.of(ClusterKeys.derive("bench-cluster-secret-0001"));
        long[][] best = {{Long.MAX_VALUE, Long.MAX_VALUE}, {Long.MAX_VALUE, Long.MAX_VALUE}};
        for (int round = 0; round < rounds; round++) {
            for (int mode = 0; mode < 2; mode++) {
                long[] took = run(mode == 0 ? Optional.empty() : keys, messages, bytes, snapshots);
                best[mode][0] = Math.min(best[mode][0], took[0]);
                best[mode][1] = Math.min(best[mode][1], took[1]);
            }
        }
        for (int mode = 0; mode < 2; mode++) {
            System.out.printf("%-9s %,d x %d B: %,d ms (%,.0f msg/s); %d x 1 MiB: %,d ms (%,.0f MiB/s)%n",
                    mode == 0 ? "no secret" : "secret", messages, bytes, best[mode][0],
                    messages * 1000.0 / best[mode][0], snapshots, best[mode][1], snapshots * 1000.0 / best[mode][1]);
        }
        System.exit(0);
    }

    private static long[] run(Optional<ClusterKeys> keys, int messages, int bytes, int snapshots) throws Exception {
        NodeId a = ChannelHarness.freeNode();
        NodeId b = ChannelHarness.freeNode();
        String name = "bench-" + System.nanoTime();
        AtomicLong received = new AtomicLong();
        ClusterInbox counting = new ClusterInbox() {
            @Override
            public void viewChanged(MembershipView view) {
            }

            @Override
            public void received(NodeId from, byte[] payload) {
                received.incrementAndGet();
            }
        };
        Optional<PayloadSeal> seal = keys.map(ClusterKeys::payloadSeal);
        try (JChannel sender = channel(a, List.of(a, b), name, keys, counting);
             JChannel receiver = channel(b, List.of(a, b), name, keys, counting)) {
            while (sender.getView().size() < 2) {
                Thread.onSpinWait();
            }
            Address to = receiver.getAddress();
            send(sender, to, 2000, bytes, received, seal); // warm-up
            long small = send(sender, to, messages, bytes, received, seal);
            long large = send(sender, to, snapshots, 1 << 20, received, seal);
            return new long[]{small, large};
        }
    }

    private static long send(JChannel sender, Address to, int count, int bytes, AtomicLong received,
                             Optional<PayloadSeal> seal) throws Exception {
        long target = received.get() + count;
        byte[] payload = new byte[bytes];
        new java.util.Random(count).nextBytes(payload);
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            sender.send(new BytesMessage(to, seal.isPresent() ? seal.get().seal(payload) : payload));
        }
        // Polled every millisecond, not through Awaitility's coarser poll, since the wait is what is measured; bounded,
        // so a lost message ends the run instead of hanging it.
        long deadline = start + TimeUnit.MINUTES.toNanos(2);
        while (received.get() < target) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("only " + (received.get() - target + count) + " of " + count + " arrived");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static JChannel channel(NodeId self, List<NodeId> all, String name, Optional<ClusterKeys> keys,
                                    ClusterInbox inbox) throws Exception {
        ClusterPlan plan = new ClusterPlan(true, self, all, name, "127.0.0.1", 0, 1, ClusterPlan.Discovery.STATIC,
                Optional.empty(), 10000, 3000, 6000, 2000, 100_000);
        JChannel channel = JGroupsStack.channel(plan, new SuspectWatch(), keys);
        channel.setReceiver(new ViewTracker(self, inbox, keys.map(ClusterKeys::payloadSeal)));
        channel.connect(name);
        return channel;
    }
}
