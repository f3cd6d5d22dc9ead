package io.jacos.cluster;

import io.jacos.model.NodeId;

/**
 * Sends opaque messages to one node of the view. Sending never waits on a slow or frozen peer beyond the
 * transport's bounded send queue, so a caller's other peers are not held up; delivery to a node that stays in
 * the view is reliable and in order per sender (JGroups UNICAST3).
 */
public interface ClusterLink {

    /** Returns false, sending nothing, when the node is not in the current view (or this node is standalone). */
    boolean send(NodeId to, byte[] payload);
}
