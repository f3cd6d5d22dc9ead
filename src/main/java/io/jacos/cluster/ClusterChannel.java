package io.jacos.cluster;

import io.jacos.model.NodeId;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.jgroups.JChannel;

import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Owns the JGroups channel: joins the cluster when the boot sequence starts it (in cluster mode only; a
 * standalone node binds no cluster port), and leaves it once, whichever comes first of {@link #leave()} (the
 * drain, after it moved its connections) or {@link #shutDown()} (the application stops). The boot sequence
 * starts it after the stored naming is loaded, so peers' snapshots never race the load, and after replication's
 * threads, which write peers' copies from the first view on. Views, suspicions and sends go through
 * {@link ClusterConnection}, never through this singleton (see there why). Bean-managed concurrency: leaving
 * and the container's stop may race, and neither must wait on a container lock.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ClusterChannel {

    private static final Logger LOG = Logger.getLogger(ClusterChannel.class.getName());

    @Inject
    MembershipSettings settings;
    @Inject
    Instance<ClusterInbox> inboxes;
    @Inject
    ClusterSecretSetting secret;
    @Inject
    ClusterConnection connection;

    public void start() {
        ClusterPlan plan = settings.plan();
        if (!plan.clusterMode()) {
            LOG.info(() -> "Standalone: node " + plan.self() + " joins no cluster");
            return;
        }
        Optional<ClusterKeys> keys = keys();
        SuspectWatch watch = new SuspectWatch();
        ViewTracker receiver = new ViewTracker(plan.self(), inbox(), keys.map(ClusterKeys::payloadSeal));
        try {
            JChannel joined = JGroupsStack.channel(plan, watch, keys);
            joined.setReceiver(receiver);
            connection.attach(new ClusterConnection.Connected(joined, receiver, watch,
                    keys.map(ClusterKeys::payloadSeal)));
            joined.connect(plan.clusterName());
        } catch (Exception e) {
            shutDown();
            String message = "Cannot join cluster " + plan.clusterName() + " on " + plan.bindAddress() + ":"
                    + plan.bindPort() + " (" + e + "). Another server may hold this port; set"
                    + " jacos.cluster.port-offset or server.port, or nacos.standalone=true.";
            LOG.severe(message);
            throw new IllegalStateException(message, e);
        }
        LOG.info(() -> "Node " + plan.self() + " joined cluster " + plan.clusterName() + " on "
                + plan.bindAddress() + ":" + plan.bindPort() + "; configured nodes " + plan.configured()
                + (keys.isPresent() ? "; cluster traffic encrypted, joins authenticated" : ""));
    }

    /** Like a failed join, a refused secret fails the deployment: the node must not serve unprotected. */
    private Optional<ClusterKeys> keys() {
        try {
            return secret.keysForCluster();
        } catch (IllegalStateException e) {
            LOG.severe(e.getMessage());
            throw e;
        }
    }

    private ClusterInbox inbox() {
        if (inboxes.isResolvable()) {
            return inboxes.get();
        }
        LOG.warning("No ClusterInbox: cluster views and messages are dropped");
        return new ClusterInbox() {
            @Override
            public void viewChanged(MembershipView view) {
            }

            @Override
            public void received(NodeId from, byte[] payload) {
            }
        };
    }

    /** Leaves the cluster (peers install a view without this node at once) and frees the port; idempotent. */
    public void leave() {
        shutDown();
    }

    /**
     * Disconnects and closes the channel; later calls do nothing. Called when the web module stops, while the
     * application's classes can still be loaded (Payara Server closes the class loader before it destroys the
     * singletons).
     */
    public void shutDown() {
        Optional<JChannel> detached = connection.detach();
        if (detached.isEmpty()) {
            return;
        }
        JChannel open = detached.get();
        try {
            open.disconnect();
        } catch (RuntimeException | LinkageError e) {
            LOG.log(Level.WARNING, "Leaving the cluster failed; the channel closes anyway", e);
        }
        open.close();
        LOG.info("Left the cluster");
    }
}
