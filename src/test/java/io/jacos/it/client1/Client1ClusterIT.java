package io.jacos.it.client1;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.LocalCluster;
import io.jacos.it.support.LocalCluster.Node;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/**
 * nacos-client 1.4.6 against a cluster: it sends each request (register, beat, list) to a server picked at
 * random from its list, so its beats land on every node. The cluster still holds exactly one instance for it,
 * healthy on every node, for many beat timeouts.
 */
@RunsBeside
@DisplayName("1.4.6: one client, beats spread over a cluster")
class Client1ClusterIT {

    static final int FIRST_PORT = SharedServer.HTTP_PORT + 3100;

    private LocalCluster cluster;
    private NamingClients clients;

    @AfterEach
    void stop() {
        if (clients != null) {
            clients.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @DisplayName("beats sent to random nodes keep exactly one healthy instance on every node")
    void beatsToEveryNodeKeepOneHealthyInstance() throws Exception {
        cluster = new LocalCluster("client1-cluster", FIRST_PORT, 3, Map.of());
        cluster.start();
        List<Node> nodes = cluster.nodes();
        LocalCluster.awaitFormed(nodes.toArray(Node[]::new));

        String service = NamingClients.uniqueName("beats-spread");
        clients = new NamingClients(cluster.allAddresses());
        NamingService provider = clients.open();
        provider.registerInstance(service, Client1Support.fastBeating("127.0.0.91", 9101));

        List<String> one = List.of("127.0.0.91:9101:up");
        List<List<String>> everywhere = List.of(one, one, one);
        await().atMost(Waits.PUSH).ignoreExceptions().until(() -> health(service, nodes), everywhere::equals);
        // Over six unhealthy timeouts: only beats reaching the node that checks this instance keep it healthy,
        // and no node may hold a second copy of it.
        Duration observation = Duration.ofSeconds(20);
        await().during(observation).atMost(observation.plusSeconds(30))
                .failFast("a node shows the 1.x instance missing, twice or unhealthy",
                        () -> !health(service, nodes).equals(everywhere))
                .until(() -> true);
    }

    private static List<List<String>> health(String service, List<Node> nodes) {
        return nodes.stream().map(n -> n.health(service)).toList();
    }
}
