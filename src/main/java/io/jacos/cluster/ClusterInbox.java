package io.jacos.cluster;

import io.jacos.model.NodeId;

/**
 * Where membership delivers what arrives, in order, from the transport's own threads. Implementations only
 * enqueue: no registry work happens on a network thread.
 */
public interface ClusterInbox {

    void viewChanged(MembershipView view);

    /** A message from a node of the current view; {@code from} is the sending node's id. */
    void received(NodeId from, byte[] payload);

    /**
     * A message from a node that names itself as one but is not in the current view: views that split unevenly (it
     * still has this node in its view) or have not merged yet. Dropped unless the implementation takes that kind of
     * message from outside the view.
     */
    default void receivedFromOutsideView(NodeId from, byte[] payload) {
    }
}
