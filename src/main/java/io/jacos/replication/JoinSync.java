package io.jacos.replication;

import io.jacos.settings.ReplicationSettings;
import jakarta.ejb.Singleton;
import io.jacos.cluster.ClusterMembers;
import io.jacos.registry.RegistryReader;
import jakarta.inject.Inject;

import java.util.logging.Logger;

/**
 * Holds the deployment until this node holds every peer's full snapshot (bounded by
 * {@code jacos.cluster.sync-timeout}). The gRPC server starts after this, and HTTP after the deployment, so no
 * client can query or subscribe, and nothing is pushed, from a node that has only part of the data. If the wait
 * times out the node starts anyway and its readiness stays DOWN until the snapshots arrive.
 */
@Singleton
public class JoinSync {

    private static final Logger LOG = Logger.getLogger(JoinSync.class.getName());

    private final ReplicationStatus status;
    private final ReplicationSettings settings;
    private final ClusterMembers members;
    private final RegistryReader registry;

    /** For the EJB container. */
    public JoinSync() {
        this(null, null, null, null);
    }

    @Inject
    public JoinSync(ReplicationStatus status, ReplicationSettings settings, ClusterMembers members,
                    RegistryReader registry) {
        this.status = status;
        this.settings = settings;
        this.members = members;
        this.registry = registry;
    }

    public void awaitPeers() {
        if (!members.clusterMode()) {
            return;
        }
        long start = System.nanoTime();
        if (!status.awaitSynced(settings.syncTimeoutMillis())) {
            LOG.warning(() -> "Started without the full data of " + status.unsynced()
                    + "; readiness stays DOWN until it arrives");
            return;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        LOG.info(() -> "Cluster sync: holds every peer's data " + millis + " ms after joining ("
                + registry.stats().instanceCount() + " instances)");
    }
}
