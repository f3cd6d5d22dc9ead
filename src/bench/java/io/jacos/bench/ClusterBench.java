package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.JacosServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cluster mode, measured (not a test): replication lag from a registration on node A to a subscriber on node C;
 * registrations per second and owner CPU per registration on a 3-node cluster versus a standalone node; and how
 * long a node joining a cluster that holds {@code bench.clusterInstances} instances takes to hold them all.
 * Run: {@code mvn -B -q -o test-compile exec:java -Dexec.mainClass=io.jacos.bench.ClusterBench
 * -Dexec.classpathScope=test}. Ports: {@code bench.port} (default 38848) + 0/10/20, and +30 standalone.
 */
public final class ClusterBench {

    private static final Pattern SYNC_LINE = Pattern.compile("Cluster sync: holds every peer's data (\\d+) ms after"
            + " joining \\((\\d+) instances\\)");

    private final int basePort = Integer.getInteger("bench.port", 38848);
    private final int clients = Integer.getInteger("bench.clusterClients", 200);
    private final int servicesPerClient = Integer.getInteger("bench.clusterServices", 100);
    private final int lagRounds = Integer.getInteger("bench.lagRounds", 300);
    private final int lagSubscribers = Integer.getInteger("bench.lagSubscribers", 10);
    private final ExecutorService pool = Executors.newFixedThreadPool(64);

    public static void main(String[] args) throws Exception {
        try {
            new ClusterBench().run();
        } catch (Exception | Error e) {
            e.printStackTrace();
        } finally {
            System.exit(0);
        }
    }

    private void run() throws Exception {
        RegistrationPhase.Result standalone = standaloneRegistrations();
        List<JacosServer> nodes = new ArrayList<>();
        try {
            String members = "127.0.0.1:" + basePort + ",127.0.0.1:" + (basePort + 10) + ",127.0.0.1:" + (basePort + 20);
            String name = "bench-" + UUID.randomUUID();
            for (int i = 0; i < 3; i++) {
                // No rebalancing: every measured client stays on A, so A's CPU is what owning them costs.
                nodes.add(new JacosServer("cluster-bench-" + i, basePort + 10 * i, Map.of("nacos.member.list", members,
                        "jacos.cluster.name", name, "jacos.connection.max-connections", "100000",
                        "jacos.connection.max-per-ip", "0", "jacos.cluster.rebalance-enabled", "false")));
            }
            List<Thread> starting = new ArrayList<>();
            for (JacosServer node : nodes) {
                Thread thread = new Thread(node::start, "bench-start-" + node.httpPort());
                thread.start();
                starting.add(thread);
            }
            for (Thread thread : starting) {
                thread.join();
            }
            PushLatencyPhase.Result lag = lag(nodes.get(0), nodes.get(2));
            Benchmark.log(String.format("replication lag A -> subscriber on C: p50 %.1f ms, p99 %.1f ms, max %.1f ms"
                    + " (%d notifications, %d missed)", lag.latency().p50Ms(), lag.latency().p99Ms(),
                    lag.latency().maxMs(), lag.latency().count(), lag.latency().missed()));
            RegistrationPhase.Result clustered;
            try (Clients onA = new Clients(nodes.get(0).serverAddr())) {
                List<NamingService> fleet = onA.create(clients, pool);
                clustered = RegistrationPhase.run(fleet, "cb", servicesPerClient, pool,
                        new ServerProcess(nodes.get(0).pid()), 600_000);
                report("3 nodes, owner A", clustered);
                report("standalone", standalone);
                nodes.get(2).stop();
                long restarted = System.nanoTime();
                nodes.get(2).start();
                Benchmark.log(String.format("node C restarted and ready in %.1f s; %s",
                        (System.nanoTime() - restarted) / 1e9, syncLine(nodes.get(2).log())));
            }
        } finally {
            nodes.forEach(JacosServer::stop);
            pool.shutdownNow();
        }
    }

    private RegistrationPhase.Result standaloneRegistrations() throws Exception {
        try (JacosServer single = new JacosServer("cluster-bench-standalone", basePort + 30,
                Map.of("jacos.connection.max-connections", "100000", "jacos.connection.max-per-ip", "0")).start();
             Clients fleet = new Clients(single.serverAddr())) {
            return RegistrationPhase.run(fleet.create(clients, pool), "sb", servicesPerClient, pool,
                    new ServerProcess(single.pid()), 600_000);
        }
    }

    private PushLatencyPhase.Result lag(JacosServer publisherNode, JacosServer subscriberNode) throws Exception {
        try (Clients publishers = new Clients(publisherNode.serverAddr());
             Clients subscribers = new Clients(subscriberNode.serverAddr())) {
            PushLatencyPhase phase = new PushLatencyPhase(subscribers.create(lagSubscribers, pool),
                    publishers.create(), "lag", 5_000);
            phase.subscribe();
            return phase.run(lagRounds, new ServerProcess(publisherNode.pid()));
        }
    }

    private static void report(String label, RegistrationPhase.Result result) {
        Benchmark.log(String.format("%s: %d/%d registrations, %.0f/s, owner CPU %.0f µs per registration%s", label,
                result.completed(), result.attempted(), result.perSecond(), result.serverCpuMicrosPerOp(),
                result.firstError() == null ? "" : " (first error: " + result.firstError() + ")"));
    }

    private static String syncLine(Path log) throws Exception {
        Matcher matcher = SYNC_LINE.matcher(Files.readString(log));
        String last = "no sync line in " + log;
        while (matcher.find()) {
            last = "it held all " + matcher.group(2) + " instances " + matcher.group(1) + " ms after joining";
        }
        return last;
    }
}
