package io.jacos.it.cluster;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.LocalCluster;
import io.jacos.it.support.LocalCluster.Node;
import io.jacos.it.support.LoopbackConnections;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import io.jacos.infrastructure.ClusterSecret;
import io.jacos.model.NodeId;
import io.jacos.testing.FixedMembers;
import io.jacos.transport.http.forward.PeerProof;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin API's cluster operations on two real nodes with real 2.5.1 clients: the cluster page, a drain that
 * moves a node's clients to the other without losing an instance and keeps the node empty, undrain, rebalance,
 * and which requests count as relayed by a peer.
 * One cluster and one set of clients for all steps, in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@RunsBeside
@DisplayName("Admin API on a cluster of two")
class AdminClusterIT {

    static final int FIRST_PORT = SharedServer.HTTP_PORT + 3000;
    private static final String CLUSTER = "/nacos/admin/cluster";
    /** Clients spread over both nodes; enough that rebalancing would move some back to an empty node. */
    private static final int CLIENTS = 5;

    private static LocalCluster cluster;
    private static Node a;
    private static Node b;
    private static final ClusterClients clients = new ClusterClients();
    private static final EventRecorder listener = new EventRecorder();
    private static String service;
    private static List<String> all;

    @BeforeAll
    static void startCluster() throws Exception {
        // With a cluster secret: the drain relays and replication below run over the encrypted stack.
        cluster = new LocalCluster("admin", FIRST_PORT, 2, Map.of("jacos.cluster.secret", ClusterSecretIT.SECRET));
        a = cluster.node(0);
        b = cluster.node(1);
        cluster.start();
        LocalCluster.awaitFormed(a, b);
        service = NamingClients.uniqueName("admin-drain");
        clients.open(b.serverAddr()).subscribe(service, listener);
        List<ClusterClients.Registered> registered = clients.registerUntilConnectedTo(cluster, a, 1, 20, service,
                i -> "127.0.0.71:" + (7100 + i));
        for (int i = registered.size(); i < CLIENTS; i++) {
            clients.open(cluster.allAddresses()).registerInstance(service, "127.0.0.71", 7100 + i);
        }
        all = java.util.stream.IntStream.range(0, Math.max(CLIENTS, registered.size()))
                .mapToObj(i -> "127.0.0.71:" + (7100 + i)).sorted().toList();
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, all::equals);
    }

    @AfterAll
    static void stopCluster() {
        clients.close();
        if (cluster != null) {
            cluster.close();
        }
    }

    private static JsonHttp admin(Node node) {
        return new JsonHttp(node.serverAddr());
    }

    @Test
    @Order(1)
    @DisplayName("the cluster page lists both nodes UP and synced with their connections, and where each connection is")
    void clusterPage() {
        await().atMost(Waits.PUSH).until(() -> admin(a).get(CLUSTER).data().path("nodes"),
                nodes -> nodes.size() == 2 && allMatch(nodes, n -> "UP".equals(n.path("state").asText())
                        && n.path("synced").asBoolean() && !n.path("lagMillis").isNull()));
        JsonNode page = admin(a).get(CLUSTER).data();
        assertEquals("cluster", page.path("mode").asText());
        assertEquals(a.address(), page.path("self").asText());
        JsonNode self = node(page, a.address());
        assertTrue(self.path("self").asBoolean());
        // Rebalancing may still be moving a client: the page agrees with the kernel's count once it settles.
        await().atMost(Waits.PUSH).until(() -> node(admin(a).get(CLUSTER).data(), a.address()).path("connections")
                .asInt() == LoopbackConnections.to(a.grpcPort()));
        assertFalse(self.path("drained").asBoolean());
        // Clients pick a node at random and rebalancing may be moving one: wait for the page to show one on B.
        await().atMost(Waits.PUSH).until(() -> node(admin(a).get(CLUSTER).data(), b.address()).path("connections")
                .asInt() >= 1);

        // B knows A's clients from replication and says which node each is on.
        await().atMost(Waits.PUSH).untilAsserted(() -> {
            JsonNode onB = admin(b).get("/nacos/admin/connections").data().path("connections");
            assertTrue(allMatch(onB, c -> List.of(a.address(), b.address()).contains(c.path("node").asText())),
                    onB::toString);
            assertTrue(anyMatch(onB, c -> a.address().equals(c.path("node").asText())), "a client on A: " + onB);
            assertTrue(anyMatch(onB, c -> b.address().equals(c.path("node").asText())
                    && c.path("clientVersion").asText().contains("2.5.1")), onB::toString);
        });
    }

    @Test
    @Order(2)
    @DisplayName("draining A (asked through B) moves its clients to B, its instances stay visible, and A stays empty")
    void drain() {
        long before = System.nanoTime();
        Answer drained = admin(b).post(CLUSTER + "/nodes/" + a.address() + "/drain", null);
        assertEquals(200, drained.status(), drained::toString);
        assertEquals(a.address(), drained.data().path("node").asText(), "relayed to A, which answered");
        assertTrue(drained.data().path("asked").asInt() >= 1, drained::toString);

        await().atMost(Waits.RECONNECT).pollInterval(Duration.ofMillis(250))
                .until(() -> LoopbackConnections.to(a.grpcPort()) == 0);
        await().atMost(Waits.PUSH).until(() -> b.endpoints(service), all::equals);
        assertEquals(all, a.endpoints(service));
        for (NamingEvent event : listener.eventsAfter(before)) {
            List<String> pushed = NamingClients.endpoints(event.getInstances());
            assertTrue(pushed.containsAll(all), "a push during the drain lacked an instance: " + pushed);
        }
        await().atMost(Waits.PUSH).until(() -> node(admin(b).get(CLUSTER).data(), a.address())
                .path("drained").asBoolean());
        assertTrue(node(admin(a).get(CLUSTER).data(), a.address()).path("drained").asBoolean());

        // B would send some back to an empty A if it were not drained; and a new client goes to B.
        Answer rebalanced = admin(b).post(CLUSTER + "/rebalance", null);
        assertEquals(200, rebalanced.status(), rebalanced::toString);
        assertEquals(0, rebalanced.data().path("moved").asInt(), rebalanced::toString);
        int onB = LoopbackConnections.to(b.grpcPort());
        clients.open(cluster.allAddresses());
        await().atMost(Waits.RECONNECT).until(() -> LoopbackConnections.to(b.grpcPort()) > onB);
        assertEquals(0, LoopbackConnections.to(a.grpcPort()), "a drained node takes no new connection");
    }

    @Test
    @Order(3)
    @DisplayName("after undrain, a rebalance moves clients back to A without losing an instance")
    void undrainAndRebalance() {
        Answer undrained = admin(a).post(CLUSTER + "/nodes/" + a.address() + "/undrain", null);
        assertEquals(200, undrained.status(), undrained::toString);
        assertFalse(undrained.data().path("drained").asBoolean());
        await().atMost(Waits.PUSH).until(() -> !node(admin(b).get(CLUSTER).data(), a.address())
                .path("drained").asBoolean());

        long before = System.nanoTime();
        Answer rebalanced = admin(b).post(CLUSTER + "/rebalance", null);
        assertEquals(200, rebalanced.status(), rebalanced::toString);
        assertTrue(rebalanced.data().path("moved").isInt() && rebalanced.data().path("moved").asInt() >= 0);
        // Whether this pass or the periodic one moved them, A gets clients again.
        await().atMost(Waits.RECONNECT).pollInterval(Duration.ofMillis(250))
                .until(() -> LoopbackConnections.to(a.grpcPort()) > 0);
        await().atMost(Waits.PUSH).until(() -> a.endpoints(service), all::equals);
        for (NamingEvent event : listener.eventsAfter(before)) {
            List<String> pushed = NamingClients.endpoints(event.getInstances());
            assertTrue(pushed.containsAll(all), "a push during rebalancing lacked an instance: " + pushed);
        }
    }

    @Test
    @Order(4)
    @DisplayName("bad cluster requests: an unknown node is 404, a malformed address 400")
    void badRequests() {
        Answer unknown = admin(a).post(CLUSTER + "/nodes/127.0.0.1:1/drain", null);
        assertEquals(404, unknown.status(), unknown::toString);
        assertEquals(20004, unknown.json().path("code").asInt());
        Answer malformed = admin(a).post(CLUSTER + "/nodes/nowhere:x/drain", null);
        assertEquals(400, malformed.status(), malformed::toString);
        assertFalse(node(admin(a).get(CLUSTER).data(), a.address()).path("drained").asBoolean(), "nothing changed");
    }

    @Test
    @Order(5)
    @DisplayName("a request counts as a peer's relay only with a valid proof: with the marking header alone it is"
            + " relayed on, with the proof it is not relayed again")
    void onlyAProvenRelayIsTakenForAPeers() {
        String path = CLUSTER + "/nodes/" + a.address() + "/undrain";
        Answer marked = admin(b).call("POST", path, null, Map.of(PeerProof.SENDER, a.address()));
        assertEquals(200, marked.status(), marked::toString);
        assertEquals(a.address(), marked.data().path("node").asText(), "relayed to A, which answered");

        PeerProof proof = proofOf(NodeId.parse(a.address(), 0));
        Answer proven = admin(b).call("POST", path, null, proof.headersFor("POST", path, null, new byte[0]));
        assertEquals(409, proven.status(), proven::toString);
        assertTrue(proven.body().contains("is not relayed again"), proven::toString);
    }

    @Test
    @Order(6)
    @DisplayName("a 1.x write marked as a peer's relay but without proof goes on to the responsible node; with"
            + " proof the node that got it handles it")
    void aForgedRelayOfA1xWriteIsForwardedAsAClients() {
        NodeId nodeA = NodeId.parse(a.address(), 0);
        NodeId nodeB = NodeId.parse(b.address(), 0);
        FixedMembers view = new FixedMembers(nodeA, List.of(nodeA, nodeB));
        String ip = "127.0.0.72";
        int[] ports = java.util.stream.IntStream.range(7200, 7400)
                .filter(port -> view.responsibleFor(ip + ':' + port).equals(nodeB)).limit(2).toArray();
        String forged = NamingClients.uniqueName("admin-forged");
        String path = "/nacos/v1/ns/instance";
        String forgedQuery = "serviceName=" + forged + "&ip=" + ip + "&port=" + ports[0];
        Answer marked = new JsonHttp(a.serverAddr()).call("POST", path + "?" + forgedQuery, null,
                Map.of(PeerProof.SENDER, b.address()));
        assertEquals(200, marked.status(), marked::toString);

        PeerProof proof = proofOf(nodeB);
        String provenQuery = "serviceName=" + forged + "&ip=" + ip + "&port=" + ports[1];
        Answer proven = new JsonHttp(a.serverAddr()).call("POST", path + "?" + provenQuery, null,
                proof.headersFor("POST", path, provenQuery, new byte[0]));
        assertEquals(200, proven.status(), proven::toString);

        String instances = "/nacos/admin/services/DEFAULT_GROUP/" + forged + "/instances";
        await().atMost(Waits.PUSH).untilAsserted(() -> {
            Map<Integer, String> owners = new java.util.TreeMap<>();
            for (JsonNode instance : admin(a).get(instances).data()) {
                owners.put(instance.path("port").asInt(), instance.path("node").asText());
            }
            assertEquals(Map.of(ports[0], b.address(), ports[1], a.address()), owners);
        });
    }

    /** The proof a relay from {@code sender}, a node of this cluster with its secret, carries. */
    private static PeerProof proofOf(NodeId sender) {
        ClusterSecret secret = new ClusterSecret() {
            @Override
            public boolean clusterMode() {
                return true;
            }

            @Override
            public Optional<String> value() {
                return Optional.of(ClusterSecretIT.SECRET);
            }
        };
        return new PeerProof(secret, new FixedMembers(sender, List.of(NodeId.parse(a.address(), 0),
                NodeId.parse(b.address(), 0))), Clock.systemUTC());
    }

    private static JsonNode node(JsonNode page, String address) {
        for (JsonNode node : page.path("nodes")) {
            if (address.equals(node.path("address").asText())) {
                return node;
            }
        }
        throw new AssertionError("no node " + address + " in " + page);
    }

    private static boolean allMatch(JsonNode array, java.util.function.Predicate<JsonNode> test) {
        for (JsonNode row : array) {
            if (!test.test(row)) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyMatch(JsonNode array, java.util.function.Predicate<JsonNode> test) {
        for (JsonNode row : array) {
            if (test.test(row)) {
                return true;
            }
        }
        return false;
    }
}
