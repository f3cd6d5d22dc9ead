package io.jacos.cluster;

import io.jacos.model.NodeId;

import java.util.List;

/**
 * One installed view: its members (sorted, this node included) and whether it merged views that had split,
 * after which every node re-sends what it owns.
 */
public record MembershipView(long id, List<NodeId> members, boolean merged) {

    public MembershipView {
        members = List.copyOf(members);
    }
}
