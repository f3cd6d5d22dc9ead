package io.jacos.cluster;

import io.jacos.model.NodeId;

import java.util.List;

/** This node's view of the cluster. A standalone node is a cluster of one: itself, always in view. */
public interface ClusterMembers {

    /** True when other nodes are configured ({@code nacos.member.list} or {@code cluster.conf}). */
    boolean clusterMode();

    NodeId self();

    /** The nodes of the current view, this one included, sorted; every node computes the same list. */
    List<NodeId> members();

    /** Every configured node and every node in the view, with its state. */
    List<NodeState> nodes();

    /**
     * The one node of the current view responsible for a key (a 1.x instance's {@code ip:port}, a persistent
     * instance), as Nacos's {@code DistroMapper}: the key's hash over the sorted members.
     */
    default NodeId responsibleFor(String key) {
        List<NodeId> members = members();
        return members.get(Math.floorMod(key.hashCode(), members.size()));
    }

    default boolean isResponsibleFor(String key) {
        return responsibleFor(key).equals(self());
    }
}
