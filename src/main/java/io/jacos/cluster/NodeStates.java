package io.jacos.cluster;

import io.jacos.model.NodeId;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Decides each node's state for the nodes API, from what membership knows at one instant: a node in the view is
 * UP, unless a failure detector suspects it or replication heard nothing from it for twice the suspect timeout
 * (JGroups still sees it, but its digests stopped): then SUSPICIOUS. A configured node not in the view is DOWN.
 * This node is always UP to itself.
 */
final class NodeStates {

    private NodeStates() {
    }

    static List<NodeState> of(ClusterPlan plan, List<NodeId> members, Predicate<NodeId> suspected,
                              Function<NodeId, Optional<NodeReports.NodeReport>> reports, long nowMillis) {
        TreeSet<NodeId> all = new TreeSet<>(plan.clusterMode() ? plan.configured() : List.of(plan.self()));
        all.addAll(members);
        long silenceLimit = 2 * plan.suspectTimeoutMillis();
        return all.stream().map(node -> {
            if (!members.contains(node)) {
                return new NodeState(node, NodeState.Status.DOWN);
            }
            boolean silent = reports.apply(node)
                    .map(report -> nowMillis - report.heardAtMillis() > silenceLimit).orElse(false);
            boolean doubted = !node.equals(plan.self()) && (suspected.test(node) || silent);
            return new NodeState(node, doubted ? NodeState.Status.SUSPICIOUS : NodeState.Status.UP);
        }).toList();
    }
}
