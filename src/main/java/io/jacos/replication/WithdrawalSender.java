package io.jacos.replication;

import io.jacos.cluster.ClusterLink;
import io.jacos.cluster.ClusterMembers;
import io.jacos.event.EndpointWithdrawn;
import io.jacos.infrastructure.ManagedPools;
import io.jacos.model.NodeId;
import io.jacos.replication.ReplicationMessage.Withdrawn;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Tells peers each address an application deregistered through this node, so a client one of them handed off to
 * here drops its parked copy at once. The deregistration never waits on the network: one sender thread sends, and
 * past {@link #MAX_WAITING} notices waiting a notice is dropped with a warning (that copy then lasts until the
 * hand-off grace ends, as it would without the notice).
 */
@ApplicationScoped
public class WithdrawalSender {

    static final int MAX_WAITING = 10_000;
    private static final Logger LOG = Logger.getLogger(WithdrawalSender.class.getName());

    private final ClusterMembers members;
    private final ClusterLink link;
    private final LocalEpoch epoch;
    private final ManagedPools pools;

    private final ReplicationCodec codec = new ReplicationCodec();
    volatile Executor worker;

    /** For the container's proxy. */
    protected WithdrawalSender() {
        this(null, null, null, null);
    }

    @Inject
    public WithdrawalSender(ClusterMembers members, ClusterLink link, LocalEpoch epoch, ManagedPools pools) {
        this.members = members;
        this.link = link;
        this.epoch = epoch;
        this.pools = pools;
    }

    /** Called once at deployment (cluster mode only), so the sender thread carries the application's context. */
    void start() {
        worker = pools.fixed("cluster-withdrawal-send", 1, MAX_WAITING);
    }

    void withdrawn(@Observes EndpointWithdrawn address) {
        Executor current = worker;
        if (current == null) {
            return;
        }
        try {
            current.execute(() -> send(address));
        } catch (RejectedExecutionException e) {
            LOG.warning(() -> "Too many deregistrations waiting to be told to peers; dropped " + address);
        }
    }

    private void send(EndpointWithdrawn address) {
        try {
            NodeId self = members.self();
            byte[] payload = codec.encode(new Withdrawn(self, epoch.value(), address));
            List<NodeId> peers = members.members().stream().filter(node -> !node.equals(self)).toList();
            peers.forEach(peer -> link.send(peer, payload));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Telling peers of a deregistration failed", e);
        }
    }
}
