package io.jacos.replication;

import io.jacos.application.StoredNamingRefresh;
import io.jacos.cluster.ClusterMembers;
import io.jacos.event.PeerStoredConfigs;
import io.jacos.event.PeerWithdrewEndpoint;
import io.jacos.model.NodeId;
import io.jacos.replication.ReplicationMessage.ConfigsChanged;
import io.jacos.replication.ReplicationMessage.StoreChanged;
import io.jacos.replication.ReplicationMessage.Withdrawn;
import jakarta.enterprise.event.Event;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Acts on what a peer says it did, notices that carry no copy: it stored naming data (re-read here from the
 * shared store through {@link StoredNamingRefresh}), it stored configuration (passed on as
 * {@link PeerStoredConfigs}), or its application withdrew an address (passed on as {@link PeerWithdrewEndpoint}
 * for the clients this node handed off). The caller has fenced the sender; each notice is idempotent.
 */
final class PeerNotices {

    private static final Logger LOG = Logger.getLogger(PeerNotices.class.getName());

    private final ClusterMembers members;
    private final StoredNamingRefresh stored;
    private final Event<Object> events;

    PeerNotices(ClusterMembers members, StoredNamingRefresh stored, Event<Object> events) {
        this.members = members;
        this.stored = stored;
        this.events = events;
    }

    /** Re-reads what the peer stored; a database that fails here is logged, the next change reads it again. */
    void storeChanged(StoreChanged change) {
        try {
            if (change.namespaces()) {
                stored.refreshNamespaces();
            } else {
                stored.refreshService(change.service());
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not show what " + change.owner() + " stored for "
                    + (change.namespaces() ? "the namespaces" : change.service().groupedName()), e);
        }
    }

    /** After a split, peers' notices of stored changes may be lost: the shared store is read again. */
    void storeMayHaveChanged() {
        try {
            stored.refreshAll();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not re-read the shared store after a merge", e);
        }
    }

    void configsChanged(ConfigsChanged change) {
        events.fire(new PeerStoredConfigs(change.owner().address()));
    }

    void withdrawn(Withdrawn withdrawn) {
        events.fire(new PeerWithdrewEndpoint(withdrawn.owner().address(), withdrawn.address()));
    }

    /**
     * An address deregistered through a configured node outside this node's view. In a bridge partition the views
     * can split unevenly: that node still has this one in its view and reaches it, and its clients include some this
     * node asked to move, which went there. Taken so this node drops the address from the clients it handed off, as
     * from a peer; otherwise they would show it until the hand-off grace ends. The notice only removes what its
     * application removed, so it needs no epoch fence; a node not configured is ignored.
     */
    void withdrawnOutsideView(NodeId from, Withdrawn withdrawn) {
        if (withdrawn.owner().equals(from) && !from.equals(members.self())
                && members.nodes().stream().anyMatch(node -> node.node().equals(from))) {
            withdrawn(withdrawn);
        }
    }
}
