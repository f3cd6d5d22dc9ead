package io.jacos.cluster;

import io.jacos.model.NodeId;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;

import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Owns the JGroups channel: joins the cluster when the application starts (in cluster mode only; a standalone
 * node binds no cluster port), and leaves it once, whichever comes first of {@link #leave()} (the drain, after
 * it moved its connections), {@link ClusterShutdownListener} (the web module stops) or {@code @PreDestroy}.
 * It starts after the stored naming is loaded, so peers' snapshots never race the load. Bean-managed
 * concurrency: sends come from many threads and must not queue behind each other on a container lock.
 */
@Singleton
@Startup
@DependsOn({"StoredNamingLoader", "ReplicationStartup"})
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ClusterChannel {

    private static final Logger LOG = Logger.getLogger(ClusterChannel.class.getName());

    @Inject
    MembershipSettings settings;
    @Inject
    Instance<ClusterInbox> inboxes;
    @Inject
    ClusterSecretSetting secret;

    private volatile JChannel channel;
    private volatile ViewTracker tracker;
    private volatile SuspectWatch suspects;
    private volatile Optional<PayloadSeal> seal = Optional.empty();

    @PostConstruct
    void start() {
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
            suspects = watch;
            seal = keys.map(ClusterKeys::payloadSeal);
            tracker = receiver;
            channel = joined;
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

    /** The installed view; this node alone when standalone, before the first view, or after leaving. */
    public LiveView view() {
        ViewTracker receiving = tracker;
        return receiving == null || channel == null ? LiveView.alone(settings.plan().self()) : receiving.current();
    }

    /** Whether a failure detector suspects the node now (it is being verified, or about to be excluded). */
    public boolean isSuspected(NodeId node) {
        SuspectWatch watch = suspects;
        Optional<Address> member = view().address(node);
        return watch != null && member.isPresent() && watch.isSuspected(member.get());
    }

    /** Unicast to the node's member address; false when it is not in the view or the channel refused. */
    public boolean send(NodeId to, byte[] payload) {
        JChannel open = channel;
        Optional<Address> member = view().address(to);
        if (open == null || member.isEmpty()) {
            return false;
        }
        try {
            Optional<PayloadSeal> sealing = seal;
            open.send(new BytesMessage(member.get(), sealing.isPresent() ? sealing.get().seal(payload) : payload));
            return true;
        } catch (Exception e) {
            LOG.fine(() -> "Send to " + to + " failed: " + e);
            return false;
        }
    }

    /** Leaves the cluster (peers install a view without this node at once) and frees the port; idempotent. */
    public void leave() {
        shutDown();
    }

    @PreDestroy
    void stop() {
        shutDown();
    }

    /**
     * Disconnects and closes the channel; later calls do nothing. Called when the web module stops, while the
     * application's classes can still be loaded (Payara Server closes the class loader before it destroys the
     * singletons), and again by the container at destruction.
     */
    public void shutDown() {
        JChannel open;
        synchronized (this) {
            open = channel;
            channel = null;
        }
        if (open == null) {
            return;
        }
        try {
            open.disconnect();
        } catch (RuntimeException | LinkageError e) {
            LOG.log(Level.WARNING, "Leaving the cluster failed; the channel closes anyway", e);
        }
        open.close();
        LOG.info("Left the cluster");
    }
}
