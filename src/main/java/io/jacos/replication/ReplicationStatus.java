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

    private volatile boolean viewInstalled;
    private volatile Set<NodeId> unsynced = Set.of();
    private volatile Map<NodeId, NodeReport> reports = Map.of();

    void publish(boolean viewInstalled, Set<NodeId> unsynced, Map<NodeId, NodeReport> reports) {
        this.viewInstalled = viewInstalled;
        this.unsynced = Set.copyOf(unsynced);
        this.reports = Map.copyOf(reports);
    }

    boolean viewInstalled() {
        return viewInstalled;
    }

    /** True when this node holds every peer's data: standalone, or a view is installed and nothing is missing. */
    public boolean synced() {
        return !members.clusterMode() || (viewInstalled && unsynced.isEmpty());
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
