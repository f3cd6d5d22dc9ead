package io.jacos.cluster;

import io.jacos.model.NodeId;

import java.util.Optional;

/** What replication last heard from each node (this one included), for the nodes API and rebalancing. */
public interface NodeReports {

    Optional<NodeReport> report(NodeId node);

    /**
     * Whether this node holds no copies of a departed or restarted node's clients (they wait out their grace):
     * while it does, a partition or restart is under way or just over, and its view of those clients may be older
     * than another node's, so a subscriber moved here could be shown again what it was shown gone.
     */
    default boolean whole() {
        return true;
    }

    /**
     * @param epoch          the node's start time, new at each start
     * @param connections    its gRPC connections
     * @param ownedClients   clients it owns (gRPC connections and 1.x clients)
     * @param synced         whether this node holds the node's full snapshot (always true for itself)
     * @param heardAtMillis  when its last digest arrived
     * @param drained        whether an operator drained it ({@link DrainMark}): it takes no connections
     */
    record NodeReport(long epoch, int connections, int ownedClients, boolean synced, long heardAtMillis,
                      boolean drained) {

        public NodeReport(long epoch, int connections, int ownedClients, boolean synced, long heardAtMillis) {
            this(epoch, connections, ownedClients, synced, heardAtMillis, false);
        }
    }
}
