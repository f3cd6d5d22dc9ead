package io.jacos.balance;

import io.jacos.settings.BalanceSettings;
import io.jacos.application.ConnectionHandoff;
import io.jacos.application.GracefulLeave;
import io.jacos.cluster.ClusterChannel;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.NodeId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;

/**
 * The graceful leave of a cluster node: its gRPC connections move to the peers (each client marked handing off
 * first, so its instances outlive the old connection for the grace period), then it leaves the cluster. The web
 * module's stop calls it before the gRPC server stops; the first call does the work, later ones nothing. A
 * standalone node, or one alone in its view, has nowhere to send its clients and only stops.
 */
@ApplicationScoped
public class HandoffOnLeave implements GracefulLeave {

    private static final Logger LOG = Logger.getLogger(HandoffOnLeave.class.getName());

    private ClusterMembers members;
    private ConnectionHandoff handoff;
    private BalanceSettings settings;
    private Clock clock;
    private ClusterChannel channel;

    /** For the container's proxy. */
    protected HandoffOnLeave() {
    }

    @Inject
    public HandoffOnLeave(ClusterMembers members, ConnectionHandoff handoff, BalanceSettings settings, Clock clock,
                          ClusterChannel channel) {
        this.members = members;
        this.handoff = handoff;
        this.settings = settings;
        this.clock = clock;
        this.channel = channel;
    }

    private final AtomicBoolean left = new AtomicBoolean();

    @Override
    public void leave() {
        if (!left.compareAndSet(false, true) || !members.clusterMode()) {
            return;
        }
        try {
            handOffAll();
        } finally {
            // After the handoff, so the peers still replicate the moving clients; before the gRPC server stops, so
            // the connections it then closes reach the peers as a departed node's clients (kept for the grace),
            // not as removals.
            channel.leave();
        }
    }

    private void handOffAll() {
        NodeId self = members.self();
        List<NodeId> view = members.members();
        int before = handoff.connectionCount();
        if (view.size() > 1 && before > 0) {
            long start = clock.millis();
            int remaining = new HandoffRound(handoff, clock, Thread::sleep).run(self, view, settings.drainTimeoutMillis());
            LOG.info(() -> "Leave: " + (before - remaining) + " of " + before + " connections moved to peers in "
                    + (clock.millis() - start) + " ms" + (remaining > 0 ? "; " + remaining + " left, they are closed"
                    : ""));
        }
    }
}
