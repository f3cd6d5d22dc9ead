package io.jacos.replication;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;

import java.util.logging.Logger;

/**
 * Holds the deployment until this node holds every peer's full snapshot (bounded by
 * {@code jacos.cluster.sync-timeout}). The gRPC server starts after this, and HTTP after the deployment, so no
 * client can query or subscribe, and nothing is pushed, from a node that has only part of the data. If the wait
 * times out the node starts anyway and its readiness stays DOWN until the snapshots arrive.
 */
@Singleton
@Startup
@DependsOn("ClusterChannel")
public class JoinSync {

    private static final Logger LOG = Logger.getLogger(JoinSync.class.getName());

    @Inject
    ReplicationStatus status;
    @Inject
    ReplicationSettings settings;

    @PostConstruct
    void awaitPeers() {
        if (!status.awaitSynced(settings.syncTimeoutMillis())) {
            LOG.warning(() -> "Started without the full data of " + status.unsynced()
                    + "; readiness stays DOWN until it arrives");
        }
    }
}
