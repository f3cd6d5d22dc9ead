package io.jacos.replication;

import io.jacos.model.NodeId;

import java.util.Collection;
import java.util.Set;

/**
 * Where this node stands with each peer's full snapshot: which it holds, which it awaits after a merge, a pause or
 * a silence, and the numbers of its requests for them. The {@link ReplicaBook}'s part that the applier's helpers
 * ask about and drive; confined to the applier thread like the book.
 */
interface PeerSyncs {

    /**
     * The peers' messages still in flight may be older than what they now hold: after a merge (sent across the
     * split) or after this node was paused (a peer may have dropped it meanwhile and stopped sending). Their single
     * copies and digests are refused until their answer to a full sync request made from now on.
     */
    void awaitFullSyncs(Collection<NodeId> peers);

    /** Whether only the peer's answer to a newer full sync request is believed now; the caller asks it for one. */
    boolean awaitsFullSync(NodeId peer);

    /**
     * Whether a full sync is awaited of the peer and not asked for yet: the caller asks now, however recently it
     * asked before.
     */
    boolean requestDue(NodeId peer);

    /** The number of a full sync request about to be sent to {@code peer}. */
    long nextRequest(NodeId peer);

    /** True for this node, and for a peer whose full sync of its current epoch arrived. */
    boolean synced(NodeId peer);

    /** The peers of the view whose current full sync has not arrived yet: while any remain, this node is not ready. */
    Set<NodeId> unsynced();

    /**
     * Whether this node's copies of some peer in the view may be behind: its full snapshot is missing or awaited,
     * or it has been silent too long (a cut JGroups did not show this node).
     */
    boolean doubtsAPeer();

    /** The peers in the view heard from before, and silent too long since: a cut JGroups did not show this node. */
    Set<NodeId> silentPeers();
}
