package io.jacos.it.cluster;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.LocalCluster;
import io.jacos.it.support.LocalCluster.Node;
import io.jacos.it.support.LoopbackConnections;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node joining a running cluster takes its share of the client connections: the others ask some of their
 * clients to move (rebalancing) until every node holds about the same number, and no instance is lost on the way.
 */
@RunsBeside
@DisplayName("Cluster: a joining node")
class ClusterJoinIT {

    static final int FIRST_PORT = SharedServer.HTTP_PORT + 3050;
    private static final int CLIENTS = 18;

    private final ClusterClients clients = new ClusterClients();
    private LocalCluster cluster;

    @AfterEach
    void stop() {
        clients.close();
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @DisplayName("connections are rebalanced onto a node that joins until none is over the ratio, without losing an instance")
    void joiningNodeTakesItsShare() throws Exception {
        // Nodes on distinct loopback addresses: a client told to move to a node finds it in its list by IP.
        cluster = new LocalCluster("join", FIRST_PORT, 3, true, Map.of());
        Node a = cluster.node(0);
        Node b = cluster.node(1);
        Node c = cluster.node(2);
        cluster.start(a, b);
        LocalCluster.awaitFormed(a, b);

        String service = NamingClients.uniqueName("rebalanced");
        NamingService subscriber = clients.open(a.serverAddr());
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        List<String> registered = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            // C is listed but not running: a client that picks it first moves on to A or B.
            clients.open(cluster.allAddresses()).registerInstance(service, "127.0.0.61", 6100 + i);
            registered.add("127.0.0.61:" + (6100 + i));
        }
        List<String> all = registered.stream().sorted().toList();
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, all::equals);
        assertEquals(0, LoopbackConnections.to(c.grpcPort()));
        // A and B may be balancing between themselves meanwhile, and a moving client holds its new connection
        // before it closes the old one: wait until every client holds exactly one.
        int total = CLIENTS + 1;
        await("every client holds one connection to A or B").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> connections(a, b, c), counts -> counts.stream().mapToInt(Integer::intValue).sum() == total);

        long joinedAt = System.nanoTime();
        cluster.start(c);
        LocalCluster.awaitFormed(a, b, c);

        // Balanced as the setting defines it: no node more than the ratio (and at least 2) over the average,
        // and the newcomer holds a share of its own.
        double average = total / 3.0;
        java.util.function.IntPredicate balanced = n -> n <= average * (1 + LocalCluster.REBALANCE_RATIO) || n - average < 2;
        await("connections per node balanced around " + average).atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> connections(a, b, c), counts -> counts.stream().allMatch(balanced::test)
                        && counts.get(2) > 0 && counts.stream().mapToInt(Integer::intValue).sum() == total);

        // The moved clients' instances stay everywhere, and the subscriber was never pushed a list without one.
        Duration settle = Duration.ofMillis(LocalCluster.HANDOFF_GRACE_MILLIS).plusSeconds(2);
        await().during(settle).atMost(settle.plusSeconds(30))
                .failFast("a node lost a moved client's instance", () -> !a.endpoints(service).equals(all)
                        || !b.endpoints(service).equals(all) || !c.endpoints(service).equals(all))
                .until(() -> true);
        for (NamingEvent event : listener.eventsAfter(joinedAt)) {
            List<String> pushed = NamingClients.endpoints(event.getInstances());
            assertTrue(pushed.containsAll(all), "a push during rebalancing lacked an instance: " + pushed);
        }
        assertEquals(all, listener.lastEndpoints());
        List<Integer> settled = connections(a, b, c);
        assertTrue(settled.stream().allMatch(balanced::test) && settled.get(2) > 0,
                "connections per node " + settled + " stay balanced around " + average + "; nodes API: "
                        + a.nodesApi().path("data"));
    }

    private static List<Integer> connections(Node... nodes) {
        return java.util.Arrays.stream(nodes).map(n -> LoopbackConnections.to(n.grpcPort()))
                .collect(Collectors.toList());
    }
}
