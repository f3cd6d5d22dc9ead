package io.jacos.cluster;

import io.jacos.model.NodeId;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NodeStatesTest {

    private static final NodeId A = new NodeId("127.0.0.1", 28848);
    private static final NodeId B = new NodeId("127.0.0.1", 28858);
    private static final NodeId C = new NodeId("127.0.0.1", 28868);
    private static final long NOW = 1_000_000;

    private static ClusterPlan plan(boolean clusterMode) {
        return new ClusterPlan(clusterMode, A, List.of(A, B, C), "jacos", "127.0.0.1", 1001, 1,
                ClusterPlan.Discovery.STATIC, Optional.empty(), 10_000, 3000, 6000, 2000, 1000);
    }

    private static NodeReports.NodeReport heardAt(long millis) {
        return new NodeReports.NodeReport(1, 0, 0, true, millis);
    }

    @Test
    void membersAreUpAndConfiguredNodesOutsideTheViewAreDown() {
        assertEquals(List.of(new NodeState(A, NodeState.Status.UP), new NodeState(B, NodeState.Status.UP),
                        new NodeState(C, NodeState.Status.DOWN)),
                NodeStates.of(plan(true), List.of(A, B), node -> false, node -> Optional.empty(), NOW));
    }

    @Test
    void aSuspectedMemberIsSuspicious() {
        List<NodeState> states = NodeStates.of(plan(true), List.of(A, B, C), B::equals,
                node -> Optional.empty(), NOW);
        assertEquals(NodeState.Status.SUSPICIOUS, states.get(1).status());
        assertEquals(NodeState.Status.UP, states.get(2).status());
    }

    @Test
    void aMemberSilentForTwiceTheSuspectTimeoutIsSuspicious() {
        Map<NodeId, NodeReports.NodeReport> reports = Map.of(B, heardAt(NOW - 20_001), C, heardAt(NOW - 19_000),
                A, heardAt(0));
        List<NodeState> states = NodeStates.of(plan(true), List.of(A, B, C), node -> false,
                node -> Optional.ofNullable(reports.get(node)), NOW);
        assertEquals(List.of(NodeState.Status.UP, NodeState.Status.SUSPICIOUS, NodeState.Status.UP),
                states.stream().map(NodeState::status).toList(), "this node is never suspicious to itself");
    }

    @Test
    void aStandaloneNodeListsOnlyItself() {
        assertEquals(List.of(new NodeState(A, NodeState.Status.UP)),
                NodeStates.of(plan(false), List.of(A), node -> false, node -> Optional.empty(), NOW));
    }

    @Test
    void aMemberNobodyConfiguredIsListedToo() {
        NodeId stranger = new NodeId("127.0.0.1", 28878);
        List<NodeState> states = NodeStates.of(plan(true), List.of(A, stranger), node -> false,
                node -> Optional.empty(), NOW);
        assertEquals(new NodeState(stranger, NodeState.Status.UP), states.get(3));
    }
}
