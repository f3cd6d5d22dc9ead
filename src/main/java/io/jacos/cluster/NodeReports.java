package io.jacos.cluster;

import io.jacos.model.NodeId;

import java.util.Optional;

/** What replication last heard from each node (this one included), for the nodes API and rebalancing. */
public interface NodeReports {

    Optional<NodeReport> report(NodeId node);

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
