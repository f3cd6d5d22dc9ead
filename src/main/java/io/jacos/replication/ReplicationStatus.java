package io.jacos.replication;

import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.NodeReports;
import io.jacos.model.NodeId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the applier thread last published about the cluster, for readers on other threads: whether a view was
 * installed, which peers' full snapshots are still missing, and each node's last report.
 */
@ApplicationScoped
public class ReplicationStatus implements NodeReports {

    @Inject
    ClusterMembers members;
    @Inject
    OwnedClientSender sender;
    @Inject
    LocalEpoch epoch;
    @Inject
    Clock clock;

    /** A plain lock object: a synchronized method would lock the CDI proxy, which wait() does not release. */
    private final Object syncWait = new Object();
    private volatile boolean viewInstalled;
    /** Once this node held every peer's data it stays ready: a peer joining later must not take it down. */
    private volatile boolean initialSyncDone;
    private volatile Set<NodeId> unsynced = Set.of();
    private volatile Map<NodeId, NodeReport> reports = Map.of();

    void publish(boolean viewInstalled, Set<NodeId> unsynced, Map<NodeId, NodeReport> reports) {
        synchronized (syncWait) {
            this.viewInstalled = viewInstalled;
            this.unsynced = Set.copyOf(unsynced);
            this.reports = Map.copyOf(reports);
            if (viewInstalled && unsynced.isEmpty()) {
                initialSyncDone = true;
            }
            syncWait.notifyAll();
        }
    }

    /** Waits at most {@code timeoutMillis} until {@link #synced()}; returns whether it is. */
    boolean awaitSynced(long timeoutMillis) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        synchronized (syncWait) {
            try {
                while (!synced()) {
                    long left = (deadline - System.nanoTime()) / 1_000_000;
                    if (left <= 0) {
                        return false;
                    }
                    syncWait.wait(left);
                }
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return synced();
            }
        }
    }

    boolean viewInstalled() {
        return viewInstalled;
    }

    /** True once this node has held every peer's data (always, standalone). */
    public boolean synced() {
        return !members.clusterMode() || initialSyncDone;
    }

    public Set<NodeId> unsynced() {
        return unsynced;
    }

    @Override
    public Optional<NodeReport> report(NodeId node) {
        if (node.equals(members.self())) {
            int connections = sender.connections();
            return Optional.of(new NodeReport(epoch.value(), connections, connections, synced(), clock.millis()));
        }
        return Optional.ofNullable(reports.get(node));
    }
}
