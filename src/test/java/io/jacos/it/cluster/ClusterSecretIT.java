package io.jacos.it.cluster;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.LocalCluster;
import io.jacos.it.support.LocalCluster.Node;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cluster secret on real nodes: two nodes given it form a cluster and replicate (their traffic encrypted); a
 * third with the same cluster name and node list but another secret stays out of their view, and what is
 * registered on it never reaches them. A cluster node with auth on and no secret refuses to start.
 */
@RunsBeside
@DisplayName("Cluster: the cluster secret")
class ClusterSecretIT {

    static final int FIRST_PORT = SharedServer.HTTP_PORT + 3150;
    /** A node that must refuse to start; its one configured peer is never started. */
    static final int REFUSED_PORT = SharedServer.HTTP_PORT + 3190;
    static final String SECRET = "it-cluster-secret-5b1e93c0d2";
    static final String WRONG_SECRET = "it-wrong-secret-77aa01f4c9e3";

    private final ClusterClients clients = new ClusterClients();
    private LocalCluster cluster;
    private JacosServer refused;

    @AfterEach
    void stop() {
        clients.close();
        if (cluster != null) {
            cluster.close();
        }
        if (refused != null) {
            refused.stop();
        }
    }

    @Test
    @DisplayName("nodes with the secret replicate; a node with a wrong secret is not let in and changes nothing")
    void wrongSecretIsRefused() throws Exception {
        cluster = new LocalCluster("secret", FIRST_PORT, 3, false, Map.of("jacos.cluster.secret", SECRET),
                Map.of(2, Map.of("jacos.cluster.secret", WRONG_SECRET)));
        Node a = cluster.node(0);
        Node b = cluster.node(1);
        Node c = cluster.node(2);
        long aLog = size(a.log());
        long bLog = size(b.log());
        // All three at once: the intruder is there while A and B discover each other and form their view.
        cluster.start();
        LocalCluster.awaitFormed(a, b);

        String service = NamingClients.uniqueName("secret");
        clients.open(a.serverAddr()).registerInstance(service, "127.0.0.81", 8100);
        await("registered on A, listed by B").atMost(Waits.PUSH)
                .until(() -> b.endpoints(service), List.of("127.0.0.81:8100")::equals);

        NamingService intruder = clients.open(c.serverAddr());
        intruder.registerInstance(service, "127.0.0.82", 8200);
        await("the intruder serves its own registration").atMost(Waits.PUSH)
                .until(() -> c.endpoints(service), List.of("127.0.0.82:8200")::equals);

        // Several merge rounds (jacos.cluster.merge-interval 2 s in tests) and verify rounds: nothing changes.
        Set<String> ab = new TreeSet<>(List.of(a.address(), b.address()));
        await("A and B keep each other only, and only A's instance").during(Duration.ofSeconds(10))
                .atMost(Duration.ofSeconds(40)).until(() -> up(a).equals(ab) && up(b).equals(ab)
                        && a.endpoints(service).equals(List.of("127.0.0.81:8100"))
                        && b.endpoints(service).equals(List.of("127.0.0.81:8100")));
        assertEquals(Set.of(c.address()), up(c), "the intruder is alone in its view");
        assertNotEquals("UP", a.nodesSeen().get(c.address()));
        // Started together, A and B held each other's data once their view formed: neither sat out the sync
        // timeout (replication's threads once waited on the EJB container's start-up lock until it expired).
        String gaveUp = "Started without the full data of";
        assertTrue(!writtenSince(a.log(), aLog).contains(gaveUp) && !writtenSince(b.log(), bLog).contains(gaveUp),
                "A and B gave up waiting for each other's data at start-up");
        String named = "Refusing cluster messages from " + c.address() + ", not a member: it encrypts with another key";
        assertTrue(writtenSince(a.log(), aLog).contains(named) || writtenSince(b.log(), bLog).contains(named),
                "A or B names the intruder in its log");
    }

    private static long size(java.nio.file.Path log) throws java.io.IOException {
        return Files.exists(log) ? Files.size(log) : 0;
    }

    @Test
    @DisplayName("a cluster node with auth on and no secret refuses to start, saying why")
    void clusterWithAuthAndNoSecretRefusesToStart() throws Exception {
        Map<String, String> settings = new HashMap<>(SharedServer.settingsUsed());
        settings.put("nacos.member.list", "127.0.0.1:" + REFUSED_PORT + ",127.0.0.1:" + (REFUSED_PORT + 5));
        settings.put("nacos.core.auth.enabled", "true");
        settings.put("nacos.core.auth.admin.password", "it-Admin-Pass-5519");
        refused = new JacosServer("secret-refused", REFUSED_PORT, settings);
        // The log is appended to by every run: only what this start writes counts.
        long earlier = size(refused.log());
        refused.launch();

        await("the refusal in the log " + refused.log()).atMost(Duration.ofSeconds(170))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> writtenSince(refused.log(), earlier)
                        .contains("needs a cluster secret: set jacos.cluster.secret (environment JACOS_CLUSTER_SECRET)"));
        // The application is not deployed: readiness never says UP, and no gRPC port is opened.
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).until(() -> !readyUp(REFUSED_PORT));
    }

    private static String writtenSince(java.nio.file.Path log, long offset) throws java.io.IOException {
        if (!Files.exists(log)) {
            return "";
        }
        byte[] all = Files.readAllBytes(log);
        return new String(all, (int) Math.min(offset, all.length), (int) Math.max(0, all.length - offset),
                java.nio.charset.StandardCharsets.UTF_8);
    }

    private static Set<String> up(Node node) {
        return node.nodesSeen().entrySet().stream().filter(e -> "UP".equals(e.getValue())).map(Map.Entry::getKey)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static boolean readyUp(int port) {
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready"))
                .timeout(Duration.ofSeconds(5)).build();
        try {
            HttpResponse<String> answer = HttpClient.newHttpClient().send(ready, HttpResponse.BodyHandlers.ofString());
            return answer.statusCode() == 200 && answer.body().contains("\"UP\"");
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
