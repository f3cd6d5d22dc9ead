package io.jacos.it.cluster;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.LocalCluster;
import io.jacos.it.support.LocalCluster.Node;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.jgroups.JChannel;
import org.jgroups.ObjectMessage;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;

import static io.jacos.it.cluster.ClusterClients.endpoints;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three real nodes in cluster mode, driven by real nacos-client 2.5.1 clients: what one node's clients register
 * every node serves and pushes, and no node's departure (graceful, killed, frozen, restarted) makes a subscriber
 * lose an instance whose client is alive. One cluster serves every scenario; the order matters because the later
 * scenarios stop, freeze and finally kill nodes, each leaving the cluster whole again except the last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@RunsBeside
@DisplayName("Cluster of three nodes")
class ClusterIT {

    static final int FIRST_PORT = SharedServer.HTTP_PORT + 3000;

    private static LocalCluster cluster;
    private static Node a;
    private static Node b;
    private static Node c;

    private final ClusterClients clients = new ClusterClients();

    @BeforeAll
    static void startCluster() {
        cluster = new LocalCluster("cluster", FIRST_PORT, 3, Map.of());
        a = cluster.node(0);
        b = cluster.node(1);
        c = cluster.node(2);
        cluster.start();
        LocalCluster.awaitFormed(a, b, c);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @AfterEach
    void closeClients() {
        clients.close();
    }

    @Test
    @Order(1)
    @DisplayName("instances registered on two nodes reach a subscriber on the third with every value, on add and on removal")
    void registrationsOnTwoNodesArePushedFromTheThird() throws Exception {
        String service = NamingClients.uniqueName("spread");
        NamingService subscriber = clients.open(c.serverAddr());
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);

        Instance onA = instance("127.0.0.11", 1101, 2.5, "east", Map.of("zone", "a", "version", "1.2"));
        Instance onB = instance("127.0.0.12", 1102, 0.5, "west", Map.of("zone", "b"));
        NamingService providerA = clients.open(a.serverAddr());
        NamingService providerB = clients.open(b.serverAddr());

        providerA.registerInstance(service, onA);
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.11:1101")::equals);
        providerB.registerInstance(service, onB);
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.11:1101", "127.0.0.12:1102")::equals);

        assertEquals(values(List.of(onA, onB)), values(listener.lastInstances()),
                "the subscriber on C gets what A's and B's clients registered, value for value");
        assertEquals(values(List.of(onA, onB)), values(subscriber.getAllInstances(service, false)));
        assertEquals(List.of("127.0.0.11:1101", "127.0.0.12:1102"), c.endpoints(service));
        JsonNode metricsOnC = c.api().get("/nacos/v1/ns/operator/metrics", Map.of("onlyStatus", "false")).json();
        assertTrue(metricsOnC.path("instanceCount").asInt() >= 2, "C counts its copies: " + metricsOnC);
        assertEquals(0, metricsOnC.path("responsibleInstanceCount").asInt(), "but owns none of them: " + metricsOnC);
        JsonNode metricsOnA = a.api().get("/nacos/v1/ns/operator/metrics", Map.of("onlyStatus", "false")).json();
        assertEquals(1, metricsOnA.path("responsibleInstanceCount").asInt(), "A owns its client's one: " + metricsOnA);

        providerA.deregisterInstance(service, onA);
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.12:1102")::equals);

        assertEquals(List.of(List.of("127.0.0.11:1101"), List.of("127.0.0.11:1101", "127.0.0.12:1102"),
                        List.of("127.0.0.12:1102")),
                listener.endpointHistory().stream().filter(state -> !state.isEmpty()).toList(),
                "one push per change, in order");
        assertEquals(values(List.of(onB)), values(listener.lastInstances()));
    }

    @Test
    @Order(2)
    @DisplayName("a client that shuts down on one node is removed from every node and pushed away on the others")
    void clientShutdownRemovesItEverywhere() throws Exception {
        String service = NamingClients.uniqueName("shut-down");
        NamingService subscriber = clients.open(c.serverAddr());
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        NamingService staying = clients.open(b.serverAddr());
        NamingService leaving = clients.open(a.serverAddr());
        staying.registerInstance(service, "127.0.0.13", 1301);
        leaving.registerInstance(service, "127.0.0.14", 1401);
        List<String> both = List.of("127.0.0.13:1301", "127.0.0.14:1401");
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, both::equals);

        leaving.shutDown(); // closes its connection to A, as an application does on exit

        List<String> rest = List.of("127.0.0.13:1301");
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, rest::equals);
        await().atMost(Waits.PUSH).ignoreExceptions().until(() -> listedOn(service, a, b, c), List.of(rest, rest, rest)::equals);
    }

    @Test
    @Order(3)
    @DisplayName("garbage and a foreign cluster on a node's cluster port leave the node serving and in the cluster")
    void badInputOnTheClusterPort() throws Exception {
        Random random = new Random(42);
        for (int i = 0; i < 10; i++) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", a.clusterPort()), 5000);
                OutputStream out = socket.getOutputStream();
                byte[] noise = new byte[4096];
                random.nextBytes(noise);
                out.write(noise);
                // JGroups's TCP handshake starts with the cookie "bela" and a version; then a huge length.
                out.write("bela".getBytes(StandardCharsets.US_ASCII));
                out.write(ByteBuffer.allocate(10).putShort((short) 0x7fff).putInt(Integer.MAX_VALUE)
                        .putInt(-1).array());
                out.flush();
            } catch (java.io.IOException e) {
                // The node may close the connection while we write: that is a fine answer to garbage.
            }
        }
        try (JChannel foreign = foreignChannel(a)) {
            foreign.connect("it-foreign-" + UUID.randomUUID());
            foreign.send(new ObjectMessage(null, "not one of yours"));
        }

        String service = NamingClients.uniqueName("after-garbage");
        clients.open(a.serverAddr()).registerInstance(service, "127.0.0.81", 8101);
        await().atMost(Waits.PUSH).until(() -> c.endpoints(service), List.of("127.0.0.81:8101")::equals);
        assertEquals(List.of("127.0.0.81:8101"), a.endpoints(service));
        LocalCluster.awaitFormed(a, b, c);
        assertEquals(allUp(a, b, c), new TreeMap<>(a.nodesSeen()), "A's view: no foreign node, nobody down");
    }

    @Test
    @Order(4)
    @DisplayName("a node frozen past the suspect timeout leaves the view, and after it resumes all nodes agree without resurrecting a removed instance")
    void frozenNodeRejoinsAndConverges() throws Exception {
        String service = NamingClients.uniqueName("frozen");
        NamingService keeper = clients.open(a.serverAddr());
        NamingService leaver = clients.open(a.serverAddr());
        keeper.registerInstance(service, "127.0.0.31", 3101);
        leaver.registerInstance(service, "127.0.0.32", 3102);
        List<String> before = List.of("127.0.0.31:3101", "127.0.0.32:3102");
        await().atMost(Waits.PUSH).until(() -> listedOn(service, a, b, c), List.of(before, before, before)::equals);

        b.freeze();
        await("A and C take B out of the view").atMost(Duration.ofMillis(LocalCluster.SUSPECT_TIMEOUT_MILLIS).plusSeconds(30))
                .ignoreExceptions().until(() -> isOut(a.nodesSeen().get(b.address())) && isOut(c.nodesSeen().get(b.address())));

        NamingService late = clients.open(a.serverAddr());
        late.registerInstance(service, "127.0.0.33", 3103);
        leaver.deregisterInstance(service, "127.0.0.32", 3102);
        List<String> after = List.of("127.0.0.31:3101", "127.0.0.33:3103");
        await().atMost(Waits.PUSH).until(() -> listedOn(service, a, c), List.of(after, after)::equals);

        b.thaw();
        LocalCluster.awaitFormed(a, b, c);
        await("B catches up").atMost(LocalCluster.CONVERGENCE).ignoreExceptions()
                .until(() -> listedOn(service, a, b, c), List.of(after, after, after)::equals);
        // Past two verification rounds: nothing B held while frozen comes back, on any node.
        Duration rounds = Duration.ofSeconds(5);
        await().during(rounds).atMost(rounds.plusSeconds(20))
                .failFast("an instance differs between nodes after the merge",
                        () -> !listedOn(service, a, b, c).equals(List.of(after, after, after)))
                .until(() -> true);
    }

    @Test
    @Order(5)
    @DisplayName("a node stopped gracefully hands its clients to the others: a subscriber elsewhere never loses their instances")
    void gracefulStopMovesClients() throws Exception {
        String service = NamingClients.uniqueName("drained");
        NamingService subscriber = clients.open(a.serverAddr());
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        List<ClusterClients.Registered> movers = clients.registerUntilConnectedTo(cluster, c, 2, 18, service,
                i -> "127.0.0.5" + (i / 10) + ":" + (5100 + i));
        List<String> all = endpoints(movers);
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, all::equals);

        long stoppedAt = System.nanoTime();
        c.stop();

        Duration window = Duration.ofMillis(Math.max(LocalCluster.COPY_GRACE_MILLIS, LocalCluster.HANDOFF_GRACE_MILLIS))
                .plusSeconds(4);
        await().during(window).atMost(window.plusSeconds(30))
                .failFast("A or B lost an instance of a client that only moved",
                        () -> !a.endpoints(service).equals(all) || !b.endpoints(service).equals(all))
                .until(() -> true);
        assertPushesKept(listener.eventsAfter(stoppedAt), all);
        assertEquals(all, listener.lastEndpoints());
    }

    @Test
    @Order(6)
    @DisplayName("a node restarted is ready only once it lists every instance the others hold")
    void restartedNodeIsReadyWithEverything() throws Exception {
        c.stop();
        String service = NamingClients.uniqueName("restart");
        String other = NamingClients.uniqueName("restart-other");
        clients.open(a.serverAddr()).registerInstance(service, "127.0.0.41", 4101);
        NamingService onB = clients.open(b.serverAddr());
        onB.registerInstance(service, "127.0.0.42", 4102);
        onB.registerInstance(other, "127.0.0.43", 4103);
        List<String> expected = List.of("127.0.0.41:4101", "127.0.0.42:4102");
        await().atMost(Waits.PUSH).until(() -> listedOn(service, a, b), List.of(expected, expected)::equals);

        c.start(); // returns when C's readiness is UP

        assertEquals(expected, c.endpoints(service), "C lists the others' instances as soon as it is ready");
        assertEquals(List.of("127.0.0.43:4103"), c.endpoints(other));
        LocalCluster.awaitFormed(a, b, c);
    }

    @Test
    @Order(7)
    @DisplayName("a killed node's clients keep their instances by reconnecting; a client only it served goes after the grace")
    void killedNode() throws Exception {
        String service = NamingClients.uniqueName("killed-node");
        NamingService subscriber = clients.open(c.serverAddr());
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        clients.open(a.serverAddr()).registerInstance(service, "127.0.0.21", 2100);
        List<ClusterClients.Registered> movers = clients.registerUntilConnectedTo(cluster, a, 2, 18, service,
                i -> "127.0.0.2" + (2 + i / 10) + ":" + (2200 + i));
        List<String> survivors = endpoints(movers);
        List<String> all = Stream.concat(survivors.stream(), Stream.of("127.0.0.21:2100")).sorted().toList();
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, all::equals);

        long killedAt = System.nanoTime();
        a.kill9();

        await("the A-only client's instance goes").atMost(LocalCluster.DEPARTURE)
                .until(listener::lastEndpoints, survivors::equals);
        assertPushesKept(listener.eventsAfter(killedAt), survivors);
        long goneAfterMillis = (listener.arrivalOfFirstAfter(killedAt,
                instances -> !NamingClients.endpoints(instances).contains("127.0.0.21:2100")).orElseThrow() - killedAt)
                / 1_000_000;
        assertTrue(goneAfterMillis >= LocalCluster.COPY_GRACE_MILLIS / 2,
                "a departed node's clients keep their instances for the copy grace; gone after " + goneAfterMillis + " ms");
        // Each node expires its copies on its own clock: B may drop the A-only client a moment after C.
        await().atMost(Waits.EVICTION).until(() -> listedOn(service, b, c), List.of(survivors, survivors)::equals);
        await().atMost(Waits.EVICTION).ignoreExceptions()
                .until(() -> isOut(b.nodesSeen().get(a.address())) && isOut(c.nodesSeen().get(a.address())));
    }

    private static void assertPushesKept(List<NamingEvent> events, List<String> kept) {
        for (NamingEvent event : events) {
            List<String> pushed = NamingClients.endpoints(event.getInstances());
            assertTrue(pushed.containsAll(kept), "a push lacked a live client's instance: " + pushed + ", expected all of " + kept);
        }
    }

    private static Instance instance(String ip, int port, double weight, String clusterName, Map<String, String> metadata) {
        Instance instance = NamingClients.instance(ip, port);
        instance.setWeight(weight);
        instance.setClusterName(clusterName);
        instance.setMetadata(new java.util.HashMap<>(metadata));
        return instance;
    }

    /** What a caller sees of each instance, sorted by endpoint. */
    private static List<String> values(List<Instance> instances) {
        return instances.stream()
                .map(i -> i.getIp() + ":" + i.getPort() + " weight=" + i.getWeight() + " healthy=" + i.isHealthy()
                        + " enabled=" + i.isEnabled() + " ephemeral=" + i.isEphemeral() + " cluster=" + i.getClusterName()
                        + " metadata=" + new TreeMap<>(i.getMetadata()))
                .sorted().toList();
    }

    private static List<List<String>> listedOn(String service, Node... nodes) {
        List<List<String>> lists = new ArrayList<>();
        for (Node node : nodes) {
            lists.add(node.endpoints(service));
        }
        return lists;
    }

    /** Shown DOWN, or not listed at all: out of the view. */
    private static boolean isOut(String state) {
        return state == null || "DOWN".equals(state);
    }

    private static TreeMap<String, String> allUp(Node... nodes) {
        TreeMap<String, String> up = new TreeMap<>();
        for (Node node : nodes) {
            up.put(node.address(), "UP");
        }
        return up;
    }

    /** A JGroups member of another cluster that discovers through {@code target}'s cluster port. */
    private static JChannel foreignChannel(Node target) throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, loopback)) {
            port = free.getLocalPort();
        }
        TCPPING discovery = new TCPPING();
        discovery.setInitialHosts(List.of(new InetSocketAddress(loopback, target.clusterPort())));
        discovery.setPortRange(0);
        GMS gms = new GMS();
        gms.setJoinTimeout(1000);
        return new JChannel(new TCP().setBindAddress(loopback).setBindPort(port).setPortRange(0), discovery,
                new MERGE3(), new FD_ALL3(), new VERIFY_SUSPECT2(), new NAKACK2(), new UNICAST3(), new STABLE(), gms,
                new FRAG4());
    }
}
