package io.jacos.cluster;

import io.jacos.model.NodeId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * This node's membership as the rest of the application sees it, over {@link ClusterConnection}: the sorted
 * members of the installed view (just this node when standalone), every configured or seen node with its
 * state ({@link NodeStates}), and the message link to a member.
 */
@ApplicationScoped
public class Membership implements ClusterMembers, ClusterLink {

    private MembershipSettings settings;
    private ClusterConnection channel;
    private Instance<NodeReports> reports;
    private Clock clock;

    /** For the container's proxy. */
    protected Membership() {
    }

    @Inject
    public Membership(MembershipSettings settings, ClusterConnection channel, Instance<NodeReports> reports,
                      Clock clock) {
        this.settings = settings;
        this.channel = channel;
        this.reports = reports;
        this.clock = clock;
    }

    @Override
    public boolean clusterMode() {
        return settings.plan().clusterMode();
    }

    @Override
    public NodeId self() {
        return settings.plan().self();
    }

    @Override
    public List<NodeId> members() {
        List<NodeId> members = channel.view().members();
        if (members.contains(self())) {
            return members;
        }
        // Only when this node's own name did not resolve: it is still a member of its own view.
        TreeSet<NodeId> withSelf = new TreeSet<>(members);
        withSelf.add(self());
        return List.copyOf(withSelf);
    }

    @Override
    public List<NodeState> nodes() {
        return NodeStates.of(settings.plan(), members(), channel::isSuspected, this::report, clock.millis());
    }

    @Override
    public boolean send(NodeId to, byte[] payload) {
        return channel.send(to, payload);
    }

    /** Empty when replication reports nothing (not deployed, or nothing heard yet). */
    private Optional<NodeReports.NodeReport> report(NodeId node) {
        return reports.isResolvable() ? reports.get().report(node) : Optional.empty();
    }
}
