package io.jacos.cluster;

import io.jacos.model.NodeId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;

/**
 * The connected channel as the rest of the application uses it: the installed view, suspicions and sends.
 * A plain bean, not the {@link ClusterChannel} singleton, on purpose: replication's threads call it from the
 * moment the first view arrives, which is while the EJB container is still starting singletons, and a call to a
 * singleton then waits for the container's start-up lock. With the deployment held by {@code JoinSync} until the
 * peers' data arrives, that wait lasted until JoinSync gave up (30 s on every node started with its peers).
 */
@ApplicationScoped
public class ClusterConnection {

    private static final Logger LOG = Logger.getLogger(ClusterConnection.class.getName());

    /** What a connected channel consists of. */
    record Connected(JChannel channel, ViewTracker tracker, SuspectWatch suspects, Optional<PayloadSeal> seal) {
    }

    private MembershipSettings settings;

    /** For the container's proxy. */
    protected ClusterConnection() {
    }

    @Inject
    public ClusterConnection(MembershipSettings settings) {
        this.settings = settings;
    }

    private final AtomicReference<Connected> connected = new AtomicReference<>();

    /** Called before the channel connects, so the first view finds it here. */
    void attach(Connected channel) {
        connected.set(channel);
    }

    /** Forgets the channel and hands it back for closing, once; empty when there was none or it was detached. */
    Optional<JChannel> detach() {
        return Optional.ofNullable(connected.getAndSet(null)).map(Connected::channel);
    }

    /** The installed view; this node alone when standalone, before the first view, or after leaving. */
    public LiveView view() {
        Connected current = connected.get();
        return current == null ? LiveView.alone(settings.plan().self()) : current.tracker().current();
    }

    /** Whether a failure detector suspects the node now (it is being verified, or about to be excluded). */
    public boolean isSuspected(NodeId node) {
        Connected current = connected.get();
        Optional<Address> member = view().address(node);
        return current != null && member.isPresent() && current.suspects().isSuspected(member.get());
    }

    /** Unicast to the node's member address; false when it is not in the view or the channel refused. */
    public boolean send(NodeId to, byte[] payload) {
        Connected current = connected.get();
        Optional<Address> member = view().address(to);
        if (current == null || member.isEmpty()) {
            return false;
        }
        try {
            Optional<PayloadSeal> sealing = current.seal();
            current.channel().send(new BytesMessage(member.get(),
                    sealing.isPresent() ? sealing.get().seal(payload) : payload));
            return true;
        } catch (Exception e) {
            LOG.fine(() -> "Send to " + to + " failed: " + e);
            return false;
        }
    }
}
