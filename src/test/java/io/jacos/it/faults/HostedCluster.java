package io.jacos.it.faults;

import io.jacos.it.support.Concurrently;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.LocalCluster;
import io.jacos.it.support.NetProbeMain;
import io.jacos.it.support.SharedServer;
import io.jacos.testing.LocalPostgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Three real Jacos nodes, each alone on its test host ({@code n0}..{@code n2}) with Nacos's default ports, the
 * cluster named by {@code conf/cluster.conf} in each node's {@code nacos.home}, and configuration stored in one
 * PostgreSQL on host {@code db} (as ConfigClusterIT shares it on loopback), so "a node cannot reach the database"
 * is a rule on one link. Payara Micro's own clustering stays on each host's loopback.
 */
public final class HostedCluster implements AutoCloseable {

    public static final int HTTP_PORT = 8848;
    public static final List<String> NODES = List.of("n0", "n1", "n2");
    private static final long READY_SECONDS = 240;

    private final TestHosts hosts;
    private final LocalPostgres postgres;
    private final Map<String, JacosServer> servers = new LinkedHashMap<>();

    private HostedCluster(TestHosts hosts, LocalPostgres postgres, String label) {
        this.hosts = hosts;
        this.postgres = postgres;
        String url = postgres.createDatabaseOnHost("faults");
        String members = NODES.stream().map(n -> hosts.address(n) + ":" + HTTP_PORT).collect(Collectors.joining("\n"));
        Map<String, String> shared = new LinkedHashMap<>(SharedServer.settingsUsed());
        shared.putAll(LocalCluster.timings());
        // A 1.x client lists its services again every cacheMillis, from a node of its choice: here as in production
        // (Nacos's 10 s), whatever the test execution set for its own server.
        shared.put("jacos.naming.cache-millis", "10000");
        shared.putAll(Map.of("jacos.cluster.name", "faults-" + UUID.randomUUID(), "spring.sql.init.platform",
                "postgresql", "db.url.0", url, "db.user.0", LocalPostgres.USER, "db.password.0", "trust"));
        for (String node : NODES) {
            Path home = Path.of(System.getProperty("jacos.it.dir", "target/it")).resolve(label + "-" + node)
                    .resolve("nacos-home").toAbsolutePath();
            writeClusterConf(home, members);
            Map<String, String> own = new LinkedHashMap<>(shared);
            own.put("nacos.home", home.toString());
            own.put("server.address", hosts.address(node));
            own.put("nacos.inetutils.ip-address", hosts.address(node));
            servers.put(node, new JacosServer(label + "-" + node, HTTP_PORT, own, List.of(), hosts.on(node, List.of())));
        }
    }

    /**
     * Starts PostgreSQL on {@code db} and the three nodes, and waits until every node is ready and sees all three
     * UP: a scenario's churn starts on a formed cluster, so what it finds is the fault's, not the start's.
     */
    public static HostedCluster start(TestHosts hosts, String label) {
        LocalPostgres postgres = LocalPostgres.startOn(hosts.on("db", List.of()), hosts.address("db"), hosts.network());
        HostedCluster cluster;
        try {
            cluster = new HostedCluster(hosts, postgres, label);
        } catch (RuntimeException e) {
            postgres.close();
            throw e;
        }
        try {
            Concurrently.forEach(NODES, cluster::startNode);
            Concurrently.forEach(NODES, cluster::awaitSeesAllUp);
        } catch (Exception e) {
            cluster.close();
            throw new IllegalStateException("hosted cluster did not start", e);
        }
        return cluster;
    }

    private static void writeClusterConf(Path home, String members) {
        try {
            if (Files.exists(home)) {
                try (var old = Files.walk(home)) {
                    old.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(java.io.File::delete);
                }
            }
            Files.createDirectories(home.resolve("conf"));
            Files.writeString(home.resolve("conf").resolve("cluster.conf"), members + "\n");
        } catch (IOException e) {
            throw new IllegalStateException("cannot write cluster.conf under " + home, e);
        }
    }

    /** Starts (or restarts, keeping its data) one node and waits until its readiness, probed from its host, is UP. */
    public void startNode(String node) {
        servers.get(node).launch();
        probe(node, "/health/ready", "\"UP\"", 1);
    }

    /** Waits until the node's nodes API, asked from its host, lists every node UP. */
    private void awaitSeesAllUp(String node) {
        probe(node, "/nacos/v1/core/cluster/nodes", "\"state\":\"UP\"", NODES.size());
    }

    private void probe(String node, String path, String text, int times) {
        JacosServer server = servers.get(node);
        List<String> probe = hosts.on(node, List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx48m", "-cp", System.getProperty("java.class.path"), NetProbeMain.class.getName(), "http",
                "http://" + hosts.address(node) + ":" + HTTP_PORT + path, text, Long.toString(READY_SECONDS),
                Integer.toString(times)));
        try {
            Process process = new ProcessBuilder(probe).redirectErrorStream(true).start();
            boolean ended = process.waitFor(READY_SECONDS + 30, TimeUnit.SECONDS);
            String said = new String(process.getInputStream().readAllBytes());
            if (!ended || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException(node + " not ready: " + said + " (log " + server.log() + ")");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot probe " + node, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    public JacosServer server(String node) {
        return servers.get(node);
    }

    public boolean running(String node) {
        return ProcessHandle.of(servers.get(node).pid()).map(ProcessHandle::isAlive).orElse(false);
    }

    /** {@code serverAddr} for a client: the given nodes' addresses. */
    public String serverAddr(List<String> nodes) {
        return nodes.stream().map(n -> hosts.address(n) + ":" + HTTP_PORT).collect(Collectors.joining(","));
    }

    public List<Path> logs() {
        List<Path> logs = new ArrayList<>();
        servers.values().forEach(s -> logs.add(s.log()));
        return logs;
    }

    @Override
    public void close() {
        for (JacosServer server : servers.values()) {
            try {
                ProcessHandle.of(server.pid()).ifPresent(p -> Signals.send("-CONT", p.pid()));
            } catch (RuntimeException e) {
                // never launched
            }
        }
        try {
            Concurrently.forEach(List.copyOf(servers.values()), JacosServer::stop);
        } catch (Exception e) {
            throw new IllegalStateException("nodes did not stop", e);
        } finally {
            postgres.close();
        }
    }
}
