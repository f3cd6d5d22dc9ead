package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Push latency to one subscriber of many services: one client subscribes to {@code services} services, each
 * holding one instance of a publisher client. Each round the publisher re-registers its instance in every
 * service at once (a burst on the registration pool) with the round's sequence number in the metadata. For
 * each service, latency runs from the moment that service's registerInstance call was issued to the moment the
 * subscriber's listener of that service first sees the round's number. The next round starts when all services
 * were seen, or after a bounded wait (the rest count as missed).
 */
final class ManyServicesPushPhase {

    private static final String PUBLISHER_IP = "10.6.0.1";
    private static final int PUBLISHER_PORT = 6000;

    record Result(Latencies.Summary latency, int rounds, long serverCpuMicros, int services, int failedCalls) {

        /** Server CPU per service changed and pushed (one re-registration plus one notification). */
        double serverCpuMicrosPerChange() {
            return serverCpuMicros < 0 || rounds == 0 ? Double.NaN : serverCpuMicros / (double) (rounds * services);
        }
    }

    /** What the listeners compare against; replaced (never mutated) at the start of each round. */
    private record Round(int seq, AtomicLongArray issuedNanos, CountDownLatch allSeen, Latencies latencies) {
    }

    private final PushSubscriber subscriber;
    private final NamingService publisher;
    private final String servicePrefix;
    private final int services;
    private final ExecutorService pool;
    private final long roundTimeoutMillis;
    private final AtomicIntegerArray lastSeen;
    private volatile Round round;
    private int nextSeq;
    private int failedCalls;

    ManyServicesPushPhase(PushSubscriber subscriber, NamingService publisher, String servicePrefix, int services,
                          ExecutorService pool, long roundTimeoutMillis) {
        this.subscriber = subscriber;
        this.publisher = publisher;
        this.servicePrefix = servicePrefix;
        this.services = services;
        this.pool = pool;
        this.roundTimeoutMillis = roundTimeoutMillis;
        this.lastSeen = new AtomicIntegerArray(services);
        this.round = new Round(-1, new AtomicLongArray(services), new CountDownLatch(0), new Latencies());
    }

    /**
     * Registers the publisher in every service and subscribes to each, then runs one unmeasured round so that
     * every service's listener has seen the publisher's instance.
     */
    void subscribe() throws Exception {
        burst(Map.of()); // no seq: listeners ignore it
        for (int i = 0; i < services; i++) {
            lastSeen.set(i, -1);
            subscriber.subscribe(service(i), RegistrationPhase.GROUP, PUBLISHER_IP, PUBLISHER_PORT, listener(i));
        }
        runRounds(1, new Latencies());
    }

    /** Runs {@code rounds} rounds; returns their latencies and the server CPU they took. */
    Result run(int rounds, ServerProcess server) throws Exception {
        Latencies latencies = new Latencies();
        int failedBefore = failedCalls;
        long cpuBefore = server.cpuMicros();
        runRounds(rounds, latencies);
        long cpuAfter = server.cpuMicros();
        long cpu = cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore;
        return new Result(latencies.summary(), rounds, cpu, services, failedCalls - failedBefore);
    }

    private void runRounds(int rounds, Latencies latencies) throws Exception {
        for (int r = 0; r < rounds; r++) {
            int seq = nextSeq++;
            Round current = new Round(seq, new AtomicLongArray(services), new CountDownLatch(services), latencies);
            round = current;
            long issuedBy = System.nanoTime();
            int failed = burst(Map.of(PushLatencyPhase.SEQ, Integer.toString(seq)));
            failedCalls += failed;
            long waitNanos = TimeUnit.MILLISECONDS.toNanos(roundTimeoutMillis) - (System.nanoTime() - issuedBy);
            if (!current.allSeen().await(Math.max(0, waitNanos), TimeUnit.NANOSECONDS)) {
                for (long i = current.allSeen().getCount(); i > 0; i--) {
                    latencies.miss();
                }
            }
        }
    }

    /**
     * Re-registers the publisher's instance in every service from the pool, stamping each call's issue time in
     * the current round; waits (bounded) until every call returned. Returns how many calls failed or were not
     * made in time.
     */
    private int burst(Map<String, String> metadata) throws InterruptedException {
        Round current = round;
        CountDownLatch done = new CountDownLatch(services);
        AtomicIntegerArray failed = new AtomicIntegerArray(1);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(roundTimeoutMillis);
        for (int i = 0; i < services; i++) {
            int index = i;
            pool.execute(() -> {
                try {
                    if (System.nanoTime() >= deadline) {
                        failed.incrementAndGet(0);
                        return;
                    }
                    Instance instance = new Instance();
                    instance.setIp(PUBLISHER_IP);
                    instance.setPort(PUBLISHER_PORT);
                    instance.setMetadata(metadata);
                    current.issuedNanos().set(index, System.nanoTime());
                    publisher.registerInstance(service(index), RegistrationPhase.GROUP, instance);
                } catch (Exception e) {
                    failed.incrementAndGet(0);
                } finally {
                    done.countDown();
                }
            });
        }
        if (!done.await(roundTimeoutMillis + 10_000, TimeUnit.MILLISECONDS)) {
            return (int) done.getCount() + failed.get(0);
        }
        return failed.get(0);
    }

    private String service(int index) {
        return servicePrefix + index;
    }

    private PushSubscriber.SeqListener listener(int service) {
        return (seq, now) -> {
            Round current = round;
            if (seq != current.seq()) {
                return;
            }
            if (lastSeen.getAndSet(service, current.seq()) != current.seq()) {
                long issued = current.issuedNanos().get(service);
                if (issued != 0) {
                    current.latencies().add(now - issued);
                } else {
                    current.latencies().miss(); // cannot happen: the stamp precedes the call
                }
                current.allSeen().countDown();
            }
        };
    }
}
