package io.jacos.it.support;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Real Jacos nodes on 127.0.0.1 forming one cluster: every node is configured with every node's address
 * ({@code nacos.member.list}), and the whole cluster has one cluster name no other test run uses, so clusters of
 * different tests never join each other. Nodes start in parallel; a test can stop, restart, kill ({@code SIGKILL})
 * or freeze ({@code SIGSTOP}) one of them, by its PID only. {@link #close()} thaws and stops every node.
 * <p>
 * Node {@code i} serves HTTP on {@code firstPort + 10 * i}, gRPC 1000 above and the cluster (JGroups) port
 * {@link #CLUSTER_PORT_OFFSET} above. Nothing in this class needs a nacos-client, so the 1.4.6 tests use it too.
 */
public final class LocalCluster implements AutoCloseable {

    /** How far above a node's main port its cluster (JGroups) port is (Jacos's {@code jacos.cluster.port-offset}). */
    public static final int CLUSTER_PORT_OFFSET = 1001;

    /** Failure detection: a silent node is taken out of the view after this long (the default is 10 s). */
    public static final long SUSPECT_TIMEOUT_MILLIS = 4000;
    /** How long a departed node's clients stay on the others, waiting for the clients to reconnect elsewhere. */
    public static final long COPY_GRACE_MILLIS = 10000;
    /** How long a client asked to move to another node keeps its instances while it reconnects. */
    public static final long HANDOFF_GRACE_MILLIS = 10000;
    public static final double REBALANCE_RATIO = 0.2;

    /** A node departing and its clients' copies expiring, with room for a busy machine. */
    public static final Duration DEPARTURE = Duration.ofMillis(COPY_GRACE_MILLIS).plusSeconds(40);
    /** Views merging again after a partition heals and the nodes agreeing on their data. */
    public static final Duration CONVERGENCE = Duration.ofSeconds(60);

    private static final Map<String, String> TIMINGS = Map.of(
            "jacos.cluster.suspect-timeout", Long.toString(SUSPECT_TIMEOUT_MILLIS),
            "jacos.cluster.merge-interval", "2000",
            "jacos.cluster.copy-grace", Long.toString(COPY_GRACE_MILLIS),
            "jacos.cluster.handoff-grace", Long.toString(HANDOFF_GRACE_MILLIS),
            "jacos.cluster.verify-interval", "2000",
            "jacos.cluster.drain-timeout", "10000",
            "jacos.cluster.rebalance-interval", "2000",
            "jacos.cluster.rebalance-ratio", Double.toString(REBALANCE_RATIO));

    private final List<Node> nodes;

    /** The short cluster timings every test cluster runs with. */
    public static Map<String, String> timings() {
        return TIMINGS;
    }

    /**
     * A cluster of {@code size} configured nodes on 127.0.0.1, none started yet.
     *
     * @param label     names the nodes' folders under {@code target/it} ({@code <label>-a}, {@code <label>-b}, ...)
     * @param firstPort node 0's main port; the nodes' ports must be free and at least 10 apart
     * @param extra     settings on top of the shared server's and the short cluster timings
     */
    public LocalCluster(String label, int firstPort, int size, Map<String, String> extra) {
        this(label, firstPort, size, false, extra);
    }

    /**
     * The same; with {@code distinctHosts}, node {@code i} is {@code 127.0.0.(i+1)} in the cluster and serves gRPC
     * there, as nodes on different machines would. A 2.x client told to move ({@code ConnectResetRequest}) matches
     * the named node against its server list by IP only, so nodes sharing one IP cannot be told apart. HTTP and UDP
     * stay on 127.0.0.1 ({@link JacosServer}'s {@code server.address}), so use this only where nodes need not reach
     * each other over HTTP.
     */
    public LocalCluster(String label, int firstPort, int size, boolean distinctHosts, Map<String, String> extra) {
        this(label, firstPort, size, distinctHosts, extra, Map.of());
    }

    /**
     * The same, with settings for single nodes on top ({@code perNode} by node index): one cluster name and one
     * list of nodes for all, but, say, a different cluster secret for one of them.
     */
    public LocalCluster(String label, int firstPort, int size, boolean distinctHosts, Map<String, String> extra,
                        Map<Integer, Map<String, String>> perNode) {
        String clusterName = "it-" + UUID.randomUUID();
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            addresses.add(host(i, distinctHosts) + ":" + (firstPort + 10 * i));
        }
        Map<String, String> settings = new LinkedHashMap<>(SharedServer.settingsUsed());
        settings.putAll(TIMINGS);
        settings.put("nacos.member.list", String.join(",", addresses));
        settings.put("jacos.cluster.name", clusterName);
        settings.putAll(extra);
        List<Node> configured = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            String name = label + "-" + (char) ('a' + i);
            String host = host(i, distinctHosts);
            Map<String, String> own = new LinkedHashMap<>(settings);
            own.putAll(perNode.getOrDefault(i, Map.of()));
            if (distinctHosts) {
                own.put("nacos.inetutils.ip-address", host);
                own.put("jacos.grpc.bind-address", host);
            }
            configured.add(new Node(name, host, new JacosServer(name, firstPort + 10 * i, own)));
        }
        this.nodes = List.copyOf(configured);
    }

    private static String host(int index, boolean distinctHosts) {
        return distinctHosts ? "127.0.0." + (index + 1) : "127.0.0.1";
    }

    public Node node(int index) {
        return nodes.get(index);
    }

    public List<Node> nodes() {
        return nodes;
    }

    /** Starts the given nodes (all configured ones when none are given) at once and waits until each is ready. */
    public LocalCluster start(Node... which) {
        List<Node> starting = which.length == 0 ? nodes : Arrays.asList(which);
        try {
            Concurrently.forEach(starting, Node::start);
        } catch (Exception e) {
            throw new IllegalStateException("cluster did not start", e);
        }
        return this;
    }

    /** A client's {@code serverAddr} listing the given nodes, in that order. */
    public static String serverAddr(Node... which) {
        return Arrays.stream(which).map(Node::serverAddr).collect(Collectors.joining(","));
    }

    /** {@code serverAddr} listing every configured node. */
    public String allAddresses() {
        return serverAddr(nodes.toArray(Node[]::new));
    }

    /**
     * Waits until each given node shows exactly the given nodes UP in the nodes API; any other node it lists (a
     * configured node not running) is not UP.
     */
    public static void awaitFormed(Node... which) {
        java.util.Set<String> expected = new java.util.TreeSet<>();
        for (Node node : which) {
            expected.add(node.address());
        }
        org.awaitility.Awaitility.await("every node sees exactly " + expected + " UP").atMost(CONVERGENCE)
                .ignoreExceptions()
                .until(() -> Arrays.stream(which).allMatch(n -> expected.equals(up(n.nodesSeen()))));
    }

    private static java.util.Set<String> up(Map<String, String> states) {
        return states.entrySet().stream().filter(e -> "UP".equals(e.getValue())).map(Map.Entry::getKey)
                .collect(Collectors.toCollection(java.util.TreeSet::new));
    }

    @Override
    public void close() {
        for (Node node : nodes) {
            node.thaw();
        }
        try {
            Concurrently.forEach(nodes, Node::stop);
        } catch (Exception e) {
            throw new IllegalStateException("cluster did not stop", e);
        }
    }

    /** One node of the cluster: a real server process the test can start, stop, kill and freeze. */
    public static final class Node {

        private final String name;
        private final String host;
        private final JacosServer server;
        private final LegacyHttp http;
        private final NacosHttp api;
        private boolean started;
        private boolean frozen;

        private Node(String name, String host, JacosServer server) {
            this.name = name;
            this.host = host;
            this.server = server;
            this.http = new LegacyHttp(server.serverAddr());
            this.api = new NacosHttp(server.serverAddr());
        }

        public String name() {
            return name;
        }

        /** The node's address for a client's {@code serverAddr}: its host and main port. */
        public String serverAddr() {
            return address();
        }

        /** The address the nodes API gives this node ({@code host:port}). */
        public String address() {
            return host + ":" + server.httpPort();
        }

        public int httpPort() {
            return server.httpPort();
        }

        public int grpcPort() {
            return server.grpcPort();
        }

        public int clusterPort() {
            return server.httpPort() + CLUSTER_PORT_OFFSET;
        }

        public long pid() {
            return server.pid();
        }

        /** Starts (or restarts, keeping its stored data) this node and returns once its readiness is UP. */
        public synchronized void start() {
            server.start();
            started = true;
        }

        /** Graceful stop ({@code SIGTERM}), waiting for the process to end. Does nothing if it is not running. */
        public synchronized void stop() {
            thaw();
            server.stop();
        }

        public synchronized boolean running() {
            return started && ProcessHandle.of(server.pid()).map(ProcessHandle::isAlive).orElse(false);
        }

        /** {@code SIGKILL}: the process dies at once; the kernel closes its sockets, nothing of Jacos runs. */
        public synchronized void kill9() {
            ProcessHandle handle = ProcessHandle.of(server.pid()).orElseThrow(
                    () -> new IllegalStateException(name + " is not running"));
            handle.destroyForcibly();
            try {
                handle.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(name + " did not die on SIGKILL", e);
            }
            frozen = false;
        }

        /**
         * {@code SIGSTOP}: the process stays alive with its sockets open but does nothing, as in a long GC pause
         * or behind a network partition.
         */
        public synchronized void freeze() {
            signal("-STOP");
            frozen = true;
        }

        /** {@code SIGCONT} after {@link #freeze()}; does nothing if the node is not frozen. */
        public synchronized void thaw() {
            if (frozen) {
                signal("-CONT");
                frozen = false;
            }
        }

        private void signal(String signal) {
            try {
                Process kill = new ProcessBuilder("kill", signal, Long.toString(server.pid())).inheritIO().start();
                if (!kill.waitFor(30, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                    throw new IllegalStateException("kill " + signal + " " + server.pid() + " failed");
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot run kill " + signal, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }

        /** Every node this node reports in {@code GET /nacos/v1/core/cluster/nodes}: address to state. */
        public Map<String, String> nodesSeen() {
            JsonNode answer = nodesApi();
            Map<String, String> states = new LinkedHashMap<>();
            for (JsonNode member : answer.path("data")) {
                states.put(member.path("address").asText(), member.path("state").asText());
            }
            return states;
        }

        /** The raw answer of the nodes API (code 200 checked). */
        public JsonNode nodesApi() {
            LegacyHttp.Answer answer = http.call("GET", "/nacos/v1/core/cluster/nodes", Map.of());
            if (answer.status() != 200) {
                throw new AssertionError(name + ": nodes API answered " + answer.status() + ": " + answer.body());
            }
            JsonNode json = answer.json();
            if (json.path("code").asInt() != 200) {
                throw new AssertionError(name + ": nodes API answered " + answer.body());
            }
            return json;
        }

        /** {@code ip:port} of every instance of a {@code public}/{@code DEFAULT_GROUP} service, as this node lists it over HTTP. */
        public List<String> endpoints(String service) {
            return NacosHttp.endpoints(instanceList(service));
        }

        /** {@code ip:port:up|down} of every instance, sorted. */
        public List<String> health(String service) {
            return NacosHttp.hosts(instanceList(service)).stream()
                    .map(h -> h.path("ip").asText() + ":" + h.path("port").asInt() + ":"
                            + (h.path("healthy").asBoolean() ? "up" : "down"))
                    .sorted().toList();
        }

        /** The 1.x {@code /instance/list} answer of this node for a service, every instance healthy or not. */
        public JsonNode instanceList(String service) {
            NacosHttp.Answer answer = api.get("/nacos/v1/ns/instance/list",
                    Map.of("serviceName", service, "healthyOnly", "false"));
            if (answer.status() != 200) {
                throw new AssertionError(name + ": instance list answered " + answer);
            }
            return answer.json();
        }

        /** This node's HTTP API, for calls the helpers above do not cover. */
        public NacosHttp api() {
            return api;
        }

        public java.nio.file.Path log() {
            return server.log();
        }

        @Override
        public String toString() {
            return name + " (" + serverAddr() + ", log " + server.log() + ")";
        }
    }
}
