package io.jacos.cluster;

import io.jacos.model.NodeId;

import java.util.Collection;
import java.util.Set;

/**
 * Confirms, before this node hands subscribers to peers, that each peer has read everything this node replicated
 * to it so far. A subscriber moved to a peer that missed this node's last removals (a link that has just stopped
 * carrying this node's messages, while the peer's still arrive here) would be shown again what it was shown gone.
 */
public interface PeerCatchUp {

    /**
     * Asks each of {@code peers} and waits at most {@code waitMillis} for their answers; returns those that
     * confirmed. A peer that cannot hear this node never answers, so it is left out.
     */
    Set<NodeId> caughtUp(Collection<NodeId> peers, long waitMillis);
}
