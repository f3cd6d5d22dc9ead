package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Push-notify latency: many clients subscribe to one service; a publisher re-registers its instance with a
 * metadata sequence number, round after round. Each subscriber's listener stamps the time it first sees the
 * round's number; latency = that time minus the moment the publisher's registerInstance call was issued. The
 * next round starts when every subscriber saw the current one, or after a bounded wait (counted as missed).
 */
final class PushLatencyPhase {

    static final String SEQ = "seq";
    private static final String PUBLISHER_IP = "10.7.0.1";
    private static final int PUBLISHER_PORT = 7000;

    record Result(Latencies.Summary latency, int rounds, long serverCpuMicros, int subscribers) {

        /** Server CPU per notification delivered (one round = one push to each subscriber). */
        double serverCpuMicrosPerPush() {
            return serverCpuMicros < 0 || rounds == 0 ? Double.NaN : serverCpuMicros / (double) (rounds * subscribers);
        }
    }

    /** What the listeners compare against; replaced (never mutated) at the start of each round. */
    private record Round(int seq, long issuedNanos, CountDownLatch allSeen, Latencies latencies) {
    }

    private final List<PushSubscriber> subscribers;
    private final NamingService publisher;
    private final String service;
    private final long roundTimeoutMillis;
    private final AtomicIntegerArray lastSeen;
    private volatile Round round = new Round(-1, 0, new CountDownLatch(0), new Latencies());
    private int nextSeq;

    PushLatencyPhase(List<NamingService> subscribers, NamingService publisher, String service, long roundTimeoutMillis) {
        this(publisher, subscribers.stream().map(PushSubscriber::of).toList(), service, roundTimeoutMillis);
    }

    PushLatencyPhase(NamingService publisher, List<PushSubscriber> subscribers, String service, long roundTimeoutMillis) {
        this.subscribers = subscribers;
        this.publisher = publisher;
        this.service = service;
        this.roundTimeoutMillis = roundTimeoutMillis;
        this.lastSeen = new AtomicIntegerArray(subscribers.size());
    }

    /** Subscribes everyone, then runs a first round so every subscriber holds the publisher's instance. */
    void subscribe() throws Exception {
        for (int i = 0; i < subscribers.size(); i++) {
            lastSeen.set(i, -1);
            subscribers.get(i).subscribe(service, RegistrationPhase.GROUP, PUBLISHER_IP, PUBLISHER_PORT, listener(i));
        }
        runRounds(1, new Latencies());
    }

    /** Runs {@code rounds} rounds; returns their latencies and the server CPU they took. */
    Result run(int rounds, ServerProcess server) throws Exception {
        Latencies latencies = new Latencies();
        long cpuBefore = server.cpuMicros();
        runRounds(rounds, latencies);
        long cpuAfter = server.cpuMicros();
        long cpu = cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore;
        return new Result(latencies.summary(), rounds, cpu, subscribers.size());
    }

    private void runRounds(int rounds, Latencies latencies) throws Exception {
        for (int r = 0; r < rounds; r++) {
            int seq = nextSeq++;
            Instance instance = new Instance();
            instance.setIp(PUBLISHER_IP);
            instance.setPort(PUBLISHER_PORT);
            instance.setMetadata(Map.of(SEQ, Integer.toString(seq)));
            Round current = new Round(seq, System.nanoTime(), new CountDownLatch(subscribers.size()), latencies);
            round = current;
            publisher.registerInstance(service, RegistrationPhase.GROUP, instance);
            if (!current.allSeen().await(roundTimeoutMillis, TimeUnit.MILLISECONDS)) {
                for (long i = current.allSeen().getCount(); i > 0; i--) {
                    latencies.miss();
                }
            }
        }
    }

    private PushSubscriber.SeqListener listener(int subscriber) {
        return (seq, now) -> {
            Round current = round;
            if (seq != current.seq()) {
                return;
            }
            if (lastSeen.getAndSet(subscriber, current.seq()) != current.seq()) {
                current.latencies().add(now - current.issuedNanos());
                current.allSeen().countDown();
            }
        };
    }
}
