package io.jacos.cluster;

import io.jacos.model.NodeId;

/** A node as the nodes API shows it. */
public record NodeState(NodeId node, Status status) {

    /** Nacos's member states: in the view, suspected by the failure detector, or not in the view. */
    public enum Status { UP, SUSPICIOUS, DOWN }
}
