package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.AbstractEventListener;
import com.alibaba.nacos.api.naming.listener.Event;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Removals seen after many clients close at once: every subscriber watches one service; a fleet of publisher
 * clients registers one instance each; once every subscriber holds every one of them, all publishers call
 * {@code shutDown()} together, released by one latch. For each (subscriber, instance) pair the latency runs
 * from that common start to the subscriber's listener first getting a list without the instance. An anchor
 * instance keeps the list non-empty, so the client's handling of an empty list plays no part.
 */
final class BurstRemovalPhase {

    private static final String ANCHOR_IP = "10.9.9.10";
    private static final String PUBLISHER_IP = "10.6.0.1";
    private static final int FIRST_PORT = 40_000;

    /**
     * {@code seen} runs from the common start; {@code afterClosed} from the return of the instance's own
     * {@code shutDown()}, by which its connection is closed, so it leaves out the client's own closing time.
     */
    record Result(Latencies.Summary seen, Latencies.Summary afterClosed, Latencies.Summary shutDownCall, int rounds,
                  int publishers, int subscribers) {
    }

    /** What the measured rounds collect. */
    private record Samples(Latencies seen, Latencies afterClosed, Latencies shutDownCall) {
        static Samples create() {
            return new Samples(new Latencies(), new Latencies(), new Latencies());
        }
    }

    /** One round's publishers (ports firstPort .. firstPort + count - 1), as each subscriber has seen them. */
    private record Round(int firstPort, int count, AtomicIntegerArray appeared, AtomicLongArray goneNanos,
                         CountDownLatch allAppeared, CountDownLatch allGone) {

        static Round of(int firstPort, int count, int subscribers) {
            return new Round(firstPort, count, new AtomicIntegerArray(subscribers * count),
                    new AtomicLongArray(subscribers * count), new CountDownLatch(subscribers * count),
                    new CountDownLatch(subscribers * count));
        }
    }

    private final Clients clients;
    private final List<NamingService> subscribers;
    private final String service;
    private final int publishers;
    private final long timeoutMillis;
    private volatile Round round = Round.of(0, 0, 0);
    private int nextPort = FIRST_PORT;

    BurstRemovalPhase(Clients clients, List<NamingService> subscribers, String service, int publishers,
                      long timeoutMillis) {
        this.clients = clients;
        this.subscribers = subscribers;
        this.service = service;
        this.publishers = publishers;
        this.timeoutMillis = timeoutMillis;
    }

    /** Subscribes everyone (after registering the anchor), then runs the warm-up rounds and the measured ones. */
    Result run(int warmupRounds, int rounds) throws Exception {
        Instance anchor = new Instance();
        anchor.setIp(ANCHOR_IP);
        anchor.setPort(1);
        subscribers.get(0).registerInstance(service, RegistrationPhase.GROUP, anchor);
        for (int i = 0; i < subscribers.size(); i++) {
            subscribers.get(i).subscribe(service, RegistrationPhase.GROUP, listener(i));
        }
        // Connecting and closing share few threads; the closers are all parked on the latch before it opens.
        ExecutorService connectors = Executors.newFixedThreadPool(4);
        ExecutorService closers = Executors.newFixedThreadPool(publishers);
        try {
            for (int r = 0; r < warmupRounds; r++) {
                runRound(connectors, closers, Samples.create());
            }
            Samples samples = Samples.create();
            for (int r = 0; r < rounds; r++) {
                runRound(connectors, closers, samples);
            }
            return new Result(samples.seen().summary(), samples.afterClosed().summary(),
                    samples.shutDownCall().summary(), rounds, publishers, subscribers.size());
        } finally {
            connectors.shutdownNow();
            closers.shutdownNow();
        }
    }

    private void runRound(ExecutorService connectors, ExecutorService closers, Samples samples) throws Exception {
        Round current = Round.of(nextPort, publishers, subscribers.size());
        nextPort += publishers;
        round = current;
        List<Future<NamingService>> connecting = new ArrayList<>();
        for (int k = 0; k < publishers; k++) {
            int port = current.firstPort() + k;
            connecting.add(connectors.submit(() -> {
                NamingService publisher = clients.create();
                Instance instance = new Instance();
                instance.setIp(PUBLISHER_IP);
                instance.setPort(port);
                publisher.registerInstance(service, RegistrationPhase.GROUP, instance);
                return publisher;
            }));
        }
        List<NamingService> fleet = new ArrayList<>();
        for (Future<NamingService> f : connecting) {
            fleet.add(f.get(timeoutMillis * 4, TimeUnit.MILLISECONDS));
        }
        if (!current.allAppeared().await(timeoutMillis, TimeUnit.MILLISECONDS)) {
            Benchmark.log("  burst removal: " + current.allAppeared().getCount() + " (subscriber, instance) pairs "
                    + "never saw the instance; round skipped");
            fleet.forEach(this::shutDownQuietly);
            return;
        }
        CountDownLatch ready = new CountDownLatch(fleet.size());
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Long>> closing = new ArrayList<>();
        for (NamingService publisher : fleet) {
            closing.add(closers.submit(() -> {
                ready.countDown();
                go.await();
                clients.shutDown(publisher);
                return System.nanoTime();
            }));
        }
        ready.await(timeoutMillis, TimeUnit.MILLISECONDS);
        long start = System.nanoTime();
        go.countDown();
        boolean allGone = current.allGone().await(timeoutMillis, TimeUnit.MILLISECONDS);
        long[] closed = new long[closing.size()];
        long slowestClose = 0;
        for (int k = 0; k < closed.length; k++) {
            closed[k] = closing.get(k).get(timeoutMillis, TimeUnit.MILLISECONDS);
            slowestClose = Math.max(slowestClose, closed[k] - start);
            samples.shutDownCall().add(closed[k] - start);
        }
        long lastGone = 0;
        for (int pair = 0; pair < current.goneNanos().length(); pair++) {
            long gone = current.goneNanos().get(pair);
            if (gone != 0) {
                lastGone = Math.max(lastGone, gone - start);
                samples.seen().add(gone - start);
                samples.afterClosed().add(gone - closed[pair % current.count()]);
            } else {
                samples.seen().miss();
                samples.afterClosed().miss();
            }
        }
        // The slowest shutDown() bounds what the server can do: it cannot drop a connection before it closes.
        Benchmark.log(String.format(Locale.ROOT, "  burst removal: slowest shutDown() %.0f ms, last removal seen "
                + "%.0f ms after the start, %d pairs missed", slowestClose / 1e6, lastGone / 1e6,
                current.allGone().getCount()));
    }

    private void shutDownQuietly(NamingService publisher) {
        try {
            clients.shutDown(publisher);
        } catch (Exception e) {
            Benchmark.log("  burst removal: a publisher's shutDown failed: " + e);
        }
    }

    private AbstractEventListener listener(int subscriber) {
        return new AbstractEventListener() {
            @Override
            public void onEvent(Event event) {
                long now = System.nanoTime();
                if (event instanceof NamingEvent naming) {
                    seen(subscriber, naming.getInstances(), now);
                }
            }
        };
    }

    private void seen(int subscriber, List<Instance> instances, long now) {
        Round current = round;
        boolean[] present = new boolean[current.count()];
        for (Instance instance : instances) {
            int k = instance.getPort() - current.firstPort();
            if (PUBLISHER_IP.equals(instance.getIp()) && k >= 0 && k < current.count()) {
                present[k] = true;
            }
        }
        for (int k = 0; k < current.count(); k++) {
            int pair = subscriber * current.count() + k;
            if (present[k]) {
                if (current.appeared().compareAndSet(pair, 0, 1)) {
                    current.allAppeared().countDown();
                }
            } else if (current.appeared().get(pair) == 1 && current.goneNanos().compareAndSet(pair, 0, now)) {
                current.allGone().countDown();
            }
        }
    }
}
