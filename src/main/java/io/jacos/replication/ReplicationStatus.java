package io.jacos.replication;

import io.jacos.settings.ReplicationSettings;
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

    private final ClusterMembers members;
    private final OwnedClientSender sender;
    private final LocalEpoch epoch;
    private final Clock clock;
    private final ReplicationSettings settings;

    /** A plain lock object: a synchronized method would lock the CDI proxy, which wait() does not release. */
    private final Object syncWait = new Object();
    private volatile boolean viewInstalled;
    private long aloneSinceMillis = -1;
    /** Once this node held every peer's data it stays ready: a peer joining later must not take it down. */
    private volatile boolean initialSyncDone;
    private volatile Set<NodeId> unsynced = Set.of();
    private volatile Map<NodeId, NodeReport> reports = Map.of();
    private volatile boolean departedCopiesHeld;

    /** For the container's proxy. */
    protected ReplicationStatus() {
        this(null, null, null, null, null);
    }

    @Inject
    public ReplicationStatus(ClusterMembers members, OwnedClientSender sender, LocalEpoch epoch, Clock clock,
                             ReplicationSettings settings) {
        this.members = members;
        this.sender = sender;
        this.epoch = epoch;
        this.clock = clock;
        this.settings = settings;
    }

    /**
     * What the applier knows now. Alone in its view, a starting node waits {@code jacos.cluster.alone-wait}
     * before it counts as holding everything: its join may have failed (peers busy, a slow network) and a merge
     * then brings the peers' data a few seconds later.
     */
    void publish(boolean viewInstalled, int viewSize, Set<NodeId> unsynced, Map<NodeId, NodeReport> reports) {
        synchronized (syncWait) {
            long now = clock.millis();
            this.viewInstalled = viewInstalled;
            this.unsynced = Set.copyOf(unsynced);
            this.reports = Map.copyOf(reports);
            if (viewSize > 1) {
                aloneSinceMillis = -1;
            } else if (aloneSinceMillis < 0) {
                aloneSinceMillis = now;
            }
            boolean peersOrWaited = viewSize > 1 || now - aloneSinceMillis >= settings.aloneWaitMillis();
            if (viewInstalled && unsynced.isEmpty() && peersOrWaited) {
                initialSyncDone = true;
            }
            syncWait.notifyAll();
        }
    }

    /** Set each grace tick: whether copies of a departed or restarted node are held here. */
    void departedCopiesHeld(boolean held) {
        departedCopiesHeld = held;
    }

    @Override
    public boolean whole() {
        return !departedCopiesHeld;
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
            return Optional.of(new NodeReport(epoch.value(), sender.connections(), sender.ownedClients(), synced(),
                    clock.millis(), sender.drained()));
        }
        return Optional.ofNullable(reports.get(node));
    }
}
