package io.jacos.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.testing.ProbeTargets;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The server's own health checks under load: persistent instances registered over HTTP, half of them checked
 * against a live listener of this process, a quarter on closed ports (refused), a quarter on a listener whose
 * backlog is full (the connect hangs until the server's timeout), all at the server's default interval. After
 * one interval of warm-up, a window measures the live probes that arrive per second and the server's CPU per
 * second against its idle CPU before the instances were registered; then it counts the verdicts.
 */
final class HealthLoadPhase {

    private static final String LIVE = "bench-health-live";
    private static final String REFUSED = "bench-health-refused";
    private static final String FROZEN = "bench-health-frozen";
    private static final long WARM_UP_MILLIS = 7_000;

    record Result(int targets, double liveProbesPerSecond, double serverCpuMsPerSecond, double idleCpuMsPerSecond,
                  int deadUnhealthy, int deadTargets, int liveUnhealthy, long windowMillis) {
    }

    private HealthLoadPhase() {
    }

    static Result measure(BenchConfig config, V1Http http, ServerProcess server) throws Exception {
        int targets = config.healthTargets();
        int live = targets / 2;
        int refused = targets / 4;
        int frozen = targets - live - refused;
        try (ProbeTargets.TcpListener listener = new ProbeTargets.TcpListener();
             ProbeTargets.Blackhole blackhole = new ProbeTargets.Blackhole()) {
            double idle = cpuMsPerSecond(server, config.idleMillis());
            List<String[]> registered = new ArrayList<>();
            // Instance ports only name the instances: the live and frozen ones are checked on their cluster's port.
            for (int i = 0; i < live; i++) {
                registered.add(new String[] {LIVE, Integer.toString(30_000 + i)});
            }
            java.util.Set<Integer> closed = new java.util.TreeSet<>();
            while (closed.size() < refused) {
                closed.add(ProbeTargets.closedPort());
            }
            closed.forEach(port -> registered.add(new String[] {REFUSED, Integer.toString(port)}));
            for (int i = 0; i < frozen; i++) {
                registered.add(new String[] {FROZEN, Integer.toString(30_000 + i)});
            }
            ExecutorService pool = Executors.newFixedThreadPool(config.beatThreads());
            try {
                long start = System.nanoTime();
                run(pool, registered, t -> http.register(t[0], "127.0.0.1", Integer.parseInt(t[1]), false));
                Benchmark.log(String.format(Locale.ROOT, "health load: %d persistent instances registered in %.1f s",
                        targets, (System.nanoTime() - start) / 1e9));
                require(http.checkOnPort(LIVE, listener.port()));
                require(http.checkOnPort(FROZEN, blackhole.port()));
                Thread.sleep(WARM_UP_MILLIS);
                long window = config.healthSeconds() * 1000L;
                int acceptedBefore = listener.accepted();
                double cpu = cpuMsPerSecond(server, window);
                double probes = (listener.accepted() - acceptedBefore) / (window / 1000.0);
                int deadUnhealthy = unhealthy(http, REFUSED) + unhealthy(http, FROZEN);
                int liveUnhealthy = unhealthy(http, LIVE);
                return new Result(targets, probes, cpu, idle, deadUnhealthy, refused + frozen, liveUnhealthy, window);
            } finally {
                run(pool, registered, t -> http.deregister(t[0], "127.0.0.1", Integer.parseInt(t[1]), false));
                pool.shutdownNow();
            }
        }
    }

    private interface Call {
        V1Http.Answer apply(String[] target);
    }

    private static void run(ExecutorService pool, List<String[]> targets, Call call) throws Exception {
        List<Future<V1Http.Answer>> answers = new ArrayList<>();
        for (String[] target : targets) {
            answers.add(pool.submit(() -> call.apply(target)));
        }
        for (Future<V1Http.Answer> answer : answers) {
            require(answer.get(60, TimeUnit.SECONDS));
        }
    }

    private static void require(V1Http.Answer answer) {
        if (!answer.ok()) {
            throw new IllegalStateException("health load: " + answer);
        }
    }

    private static double cpuMsPerSecond(ServerProcess server, long millis) throws InterruptedException {
        long before = server.cpuMicros();
        Thread.sleep(millis);
        long after = server.cpuMicros();
        return before < 0 || after < 0 ? Double.NaN : (after - before) / 1000.0 / (millis / 1000.0);
    }

    private static int unhealthy(V1Http http, String service) {
        JsonNode hosts = http.list(service, 0).json().path("hosts");
        int count = 0;
        for (JsonNode host : hosts) {
            if (!host.path("healthy").asBoolean(true)) {
                count++;
            }
        }
        return count;
    }
}
