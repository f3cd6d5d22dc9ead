package io.jacos.bench;

import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.client.config.utils.SnapShotSwitch;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Configuration: {@code bench.config.listeners} real ConfigService clients (one connection each) listen to one
 * config; a publisher client publishes {@code v=<round>} round after round. Latency runs from just before the
 * publishConfig call to the moment a listener's receiveConfigInfo sees that content (nacos-client queries the
 * content after the server's change notification, so that query is part of it); the next round starts when every
 * listener saw it, or after the round timeout (counted as missed). Then one-shot getConfig queries from several
 * threads sharing a few clients, as {@link QueryPhase} does for naming. Everything is warmed up first with the same
 * calls. A server that cannot serve it is logged and left out (null), as {@link V1Phases} does.
 */
final class ConfigPhase {

    static final String DATA_ID = "bench-config";
    static final String GROUP = "DEFAULT_GROUP";
    private static final long QUERY_TIMEOUT_MILLIS = 3_000;

    /** {@code queries}: its {@code wrongSize} counts answers with other content than the last published (failures). */
    record Result(Latencies.Summary latency, int listeners, int rounds, int failedPublishes, long publishCpuMicros,
                  QueryPhase.Result queries) {

        /** Server CPU per counted publish, its notifications to every listener and their queries included. */
        double serverCpuMicrosPerPublish() {
            return publishCpuMicros < 0 || rounds == 0 ? Double.NaN : publishCpuMicros / (double) rounds;
        }
    }

    /** What the listeners compare against; replaced (never mutated) at the start of each round. */
    private record Round(int seq, String content, long issuedNanos, CountDownLatch allSeen, Latencies latencies) {
    }

    private final ConfigService publisher;
    private final long roundTimeoutMillis;
    private final AtomicIntegerArray lastSeen;
    private volatile Round round = new Round(-1, "", 0, new CountDownLatch(0), new Latencies());
    private volatile String lastPublished;
    private int nextSeq;
    private int failedPublishes;

    private ConfigPhase(ConfigService publisher, int listeners, long roundTimeoutMillis) {
        this.publisher = publisher;
        this.roundTimeoutMillis = roundTimeoutMillis;
        this.lastSeen = new AtomicIntegerArray(listeners);
    }

    /** Null when switched off ({@code bench.config.listeners=0}) or when the server could not serve it. */
    static Result measure(BenchConfig config, String serverAddr, ServerProcess server) throws InterruptedException {
        if (config.configListeners() <= 0) {
            return null;
        }
        // No local snapshots (this also empties the benchmark's snapshot folder): with them a getConfig the server
        // fails silently answers the file's content, and a listener could start from an earlier run's content.
        SnapShotSwitch.setIsSnapShot(false);
        ExecutorService connectPool = Executors.newFixedThreadPool(config.connectThreads());
        try (ConfigClients clients = new ConfigClients(serverAddr, config.auth())) {
            // The publisher alone first, as Benchmark connects its first clients: a cold server connects slowly.
            ConfigPhase phase = new ConfigPhase(clients.create(), config.configListeners(),
                    config.roundTimeoutMillis());
            List<ConfigService> listening = clients.create(config.configListeners(), connectPool);
            List<ConfigService> queriers = clients.create(config.queryClients(), connectPool);
            Benchmark.log("config: " + clients.openCount() + " config clients connected; " + listening.size()
                    + " listeners syncing");
            phase.listen(listening);
            Latencies warm = new Latencies();
            phase.runRounds(config.configWarmupRounds(), warm);
            Benchmark.log("config warm-up: " + config.configWarmupRounds() + " publish rounds, "
                    + Report.latency(warm.summary()));
            for (int pass = 1; pass <= config.warmupPasses(); pass++) {
                QueryPhase.Result q = phase.query(queriers, config.queryWarmupCalls(), config, server);
                Benchmark.log(String.format(Locale.ROOT, "config warm-up pass %d/%d: %d getConfig %s us/op, "
                        + "%d failed", pass, config.warmupPasses(), q.completed(), Report.fmt(q.serverCpuMicrosPerOp()),
                        q.failed()));
            }
            Benchmark.log("config: " + config.configRounds() + " publish rounds to " + listening.size() + " listeners");
            Latencies latencies = new Latencies();
            int failedBefore = phase.failedPublishes;
            long cpuBefore = server.cpuMicros();
            phase.runRounds(config.configRounds(), latencies);
            long cpuAfter = server.cpuMicros();
            Benchmark.log("config: " + config.queryCalls() + " getConfig calls from " + config.queryThreads()
                    + " threads");
            QueryPhase.Result queries = phase.query(queriers, config.queryCalls(), config, server);
            return new Result(latencies.summary(), listening.size(), config.configRounds(),
                    phase.failedPublishes - failedBefore, cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore,
                    queries);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            Benchmark.log("config phase not measured: " + e);
            return null;
        } finally {
            connectPool.shutdownNow();
        }
    }

    /** Publishes a first content, then adds the listeners: each gets it on its first check with the server. */
    private void listen(List<ConfigService> listening) throws Exception {
        for (int i = 0; i < listening.size(); i++) {
            lastSeen.set(i, -1);
        }
        Round first = publishRound(new Latencies());
        if (first == null) {
            throw new IllegalStateException("the first publishConfig failed");
        }
        for (int i = 0; i < listening.size(); i++) {
            listening.get(i).addListener(DATA_ID, GROUP, listener(i));
        }
        if (!first.allSeen().await(3 * roundTimeoutMillis, TimeUnit.MILLISECONDS)) {
            Benchmark.log("config: " + first.allSeen().getCount() + " of " + listening.size()
                    + " listeners did not get the first content");
        }
    }

    private void runRounds(int rounds, Latencies latencies) throws InterruptedException {
        for (int r = 0; r < rounds; r++) {
            Round current = publishRound(latencies);
            if (current == null || !current.allSeen().await(roundTimeoutMillis, TimeUnit.MILLISECONDS)) {
                long missing = current == null ? lastSeen.length() : current.allSeen().getCount();
                for (long i = missing; i > 0; i--) {
                    latencies.miss();
                }
            }
        }
    }

    /** The next round, published; null when publishConfig failed (no listener will see it). */
    private Round publishRound(Latencies latencies) {
        int seq = nextSeq++;
        String content = "v=" + seq;
        // t0 is taken just BEFORE publishConfig is called: the latency includes the publish call itself.
        Round current = new Round(seq, content, System.nanoTime(), new CountDownLatch(lastSeen.length()), latencies);
        round = current;
        try {
            if (publisher.publishConfig(DATA_ID, GROUP, content)) {
                lastPublished = content;
                return current;
            }
            Benchmark.log("config: publishConfig of " + content + " returned false");
        } catch (NacosException e) {
            Benchmark.log("config: publishConfig of " + content + " failed: " + e);
        }
        failedPublishes++;
        return null;
    }

    /** An AbstractListener: it runs on the client's own notification thread, as most applications' do. */
    private AbstractListener listener(int listener) {
        return new AbstractListener() {
            @Override
            public void receiveConfigInfo(String content) {
                long now = System.nanoTime();
                Round current = round;
                if (current.content().equals(content) && lastSeen.getAndSet(listener, current.seq()) != current.seq()) {
                    current.latencies().add(now - current.issuedNanos());
                    current.allSeen().countDown();
                }
            }
        };
    }

    /** {@code calls} getConfig calls, each a gRPC ConfigQueryRequest (no listener, no cache on these clients). */
    private QueryPhase.Result query(List<ConfigService> clients, int calls, BenchConfig config, ServerProcess server)
            throws InterruptedException {
        String expected = lastPublished;
        AtomicInteger wrong = new AtomicInteger();
        long cpuBefore = server.cpuMicros();
        ClaimedCalls.Outcome outcome = ClaimedCalls.run(calls, config.queryThreads(), config.phaseTimeoutMillis(),
                10_000, "bench-config-query", (thread, index) -> {
                    try {
                        String content = clients.get(thread % clients.size()).getConfig(DATA_ID, GROUP,
                                QUERY_TIMEOUT_MILLIS);
                        if (expected.equals(content)) {
                            return null;
                        }
                        wrong.incrementAndGet();
                        return "getConfig answered " + content + ", not " + expected;
                    } catch (Exception e) {
                        return e.toString();
                    }
                });
        long cpuAfter = server.cpuMicros();
        long cpu = cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore;
        return new QueryPhase.Result(outcome.completed(), outcome.failed(), wrong.get(), outcome.wallNanos(), cpu,
                outcome.firstError());
    }
}
