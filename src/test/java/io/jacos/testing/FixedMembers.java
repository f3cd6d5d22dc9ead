package io.jacos.testing;

import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.NodeState;
import io.jacos.model.NodeId;

import java.util.List;

/** A cluster view fixed by the test: this node and its peers, all up. */
public record FixedMembers(NodeId self, List<NodeId> members) implements ClusterMembers {

    public FixedMembers {
        members = members.stream().sorted().toList();
    }

    public static FixedMembers standalone() {
        NodeId self = new NodeId("127.0.0.1", 8848);
        return new FixedMembers(self, List.of(self));
    }

    @Override
    public boolean clusterMode() {
        return members.size() > 1;
    }

    @Override
    public List<NodeState> nodes() {
        return members.stream().map(node -> new NodeState(node, NodeState.Status.UP)).toList();
    }
}
