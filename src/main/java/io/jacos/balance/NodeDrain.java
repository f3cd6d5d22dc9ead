package io.jacos.balance;

import io.jacos.application.ConnectionHandoff;
import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.DrainMark;
import io.jacos.cluster.NodeReports;
import io.jacos.cluster.PeerCatchUp;
import io.jacos.model.NodeId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;

/**
 * An operator's drain of this node, with the server left running: the node is marked drained ({@link DrainMark}:
 * new connections refused, peers send it none), then every connection is asked to move to a peer round-robin,
 * as a stop's leave does, without waiting for them to go. The mark stays until {@link #undrain}.
 */
@ApplicationScoped
public class NodeDrain {

    private static final Logger LOG = Logger.getLogger(NodeDrain.class.getName());

    private ClusterMembers members;
    private ConnectionHandoff handoff;
    private DrainMark mark;
    private Instance<NodeReports> reports;
    private Instance<PeerCatchUp> catchUp;
    private Clock clock;

    /** For the container's proxy. */
    protected NodeDrain() {
    }

    @Inject
    public NodeDrain(ClusterMembers members, ConnectionHandoff handoff, DrainMark mark, Instance<NodeReports> reports,
                     Instance<PeerCatchUp> catchUp, Clock clock) {
        this.members = members;
        this.handoff = handoff;
        this.mark = mark;
        this.reports = reports;
        this.catchUp = catchUp;
        this.clock = clock;
    }

    /** What a drain did: how many connections it asked to move, and to which peers. */
    public record Result(int asked, List<NodeId> peers) {
    }

    /**
     * Marks the node drained and asks its connections to move to the peers of the view that are not drained
     * themselves and confirm they hold what this node sent them (as {@link Rebalancer} asks). With no such peer it
     * refuses, changing nothing: the clients would have nowhere to go, or be shown again what they saw removed.
     */
    public Result drain() {
        NodeId self = members.self();
        List<NodeId> candidates = members.members().stream().filter(node -> !node.equals(self) && !drained(node))
                .toList();
        if (candidates.isEmpty()) {
            throw new IllegalStateException("no other node in the view can take this node's connections");
        }
        List<NodeId> peers = caughtUp(candidates);
        if (peers.isEmpty()) {
            throw new IllegalStateException("no other node in the view confirmed it holds what this node sent it"
                    + " (a link may be cut); nothing was drained");
        }
        mark.set(true);
        int before = handoff.connectionCount();
        List<NodeId> view = new ArrayList<>(peers);
        view.add(self);
        view.sort(null);
        // No wait (timeout 0): the HTTP call answers at once; the clients leave on their own within seconds.
        new HandoffRound(handoff, clock, millis -> { }).run(self, view, 0);
        LOG.info(() -> "Drained by an operator: " + before + " connections asked to move to " + peers);
        return new Result(before, peers);
    }

    /** Takes the drained mark off: the node accepts connections again and rebalancing may send it some. */
    public boolean undrain() {
        boolean changed = mark.set(false);
        if (changed) {
            LOG.info("Undrained by an operator: accepting connections again");
        }
        return changed;
    }

    public boolean drained() {
        return mark.drained();
    }

    private List<NodeId> caughtUp(List<NodeId> candidates) {
        if (!catchUp.isResolvable()) {
            return candidates;
        }
        Set<NodeId> confirmed = catchUp.get().caughtUp(candidates, Rebalancer.CATCH_UP_WAIT_MILLIS);
        return candidates.stream().filter(confirmed::contains).toList();
    }

    private boolean drained(NodeId node) {
        return reports.isResolvable() && reports.get().report(node).map(NodeReports.NodeReport::drained)
                .orElse(false);
    }
}
