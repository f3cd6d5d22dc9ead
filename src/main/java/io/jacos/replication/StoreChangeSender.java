package io.jacos.replication;

import io.jacos.cluster.ClusterLink;
import io.jacos.cluster.ClusterMembers;
import io.jacos.event.StoredNamespacesChanged;
import io.jacos.event.StoredServiceChanged;
import io.jacos.infrastructure.ManagedPools;
import io.jacos.model.NodeId;
import io.jacos.model.ServiceKey;
import io.jacos.event.StoredConfigChanged;
import io.jacos.replication.ReplicationMessage.ConfigsChanged;
import io.jacos.replication.ReplicationMessage.StoreChanged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Tells peers which services (or that the namespaces, or configurations) this node changed in the shared store,
 * so they re-read them. An event only marks the service in a coalescing set and wakes the one sender thread, so a store write
 * never waits on the network and a burst of writes to one service is one message. The set is bounded: past
 * {@link #MAX_PENDING} distinct services a mark is dropped with a warning (that peer shows it after its restart).
 */
@ApplicationScoped
public class StoreChangeSender {

    static final int MAX_PENDING = 100_000;
    private static final Logger LOG = Logger.getLogger(StoreChangeSender.class.getName());

    private final ClusterMembers members;
    private final ClusterLink link;
    private final LocalEpoch epoch;
    private final ManagedPools pools;

    private final ReplicationCodec codec = new ReplicationCodec();
    private final Set<ServiceKey> dirty = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean namespacesDirty = new AtomicBoolean();
    private final AtomicBoolean configsDirty = new AtomicBoolean();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    volatile Executor worker;

    /** For the container's proxy. */
    protected StoreChangeSender() {
        this(null, null, null, null);
    }

    @Inject
    public StoreChangeSender(ClusterMembers members, ClusterLink link, LocalEpoch epoch, ManagedPools pools) {
        this.members = members;
        this.link = link;
        this.epoch = epoch;
        this.pools = pools;
    }

    /** Called once at deployment (cluster mode only), so the sender thread carries the application's context. */
    void start() {
        worker = pools.fixed("cluster-store-send", 1, 16);
    }

    void serviceChanged(@Observes StoredServiceChanged event) {
        if (worker == null) {
            return;
        }
        if (dirty.size() >= MAX_PENDING && !dirty.contains(event.service())) {
            LOG.warning(() -> "Too many stored changes waiting to be sent; peers miss " + event.service());
            return;
        }
        dirty.add(event.service());
        wake();
    }

    void namespacesChanged(@Observes StoredNamespacesChanged event) {
        if (worker != null) {
            namespacesDirty.set(true);
            wake();
        }
    }

    void configChanged(@Observes StoredConfigChanged event) {
        if (worker != null) {
            configsDirty.set(true);
            wake();
        }
    }

    private void wake() {
        if (scheduled.compareAndSet(false, true)) {
            worker.execute(this::drain);
        }
    }

    private void drain() {
        scheduled.set(false);
        try {
            List<NodeId> peers = members.members().stream().filter(node -> !node.equals(members.self())).toList();
            if (namespacesDirty.getAndSet(false)) {
                send(peers, StoreChanged.namespaces(members.self(), epoch.value()));
            }
            if (configsDirty.getAndSet(false)) {
                send(peers, new ConfigsChanged(members.self(), epoch.value()));
            }
            List<ServiceKey> taken = new ArrayList<>(dirty);
            dirty.removeAll(taken);
            for (ServiceKey service : taken) {
                send(peers, new StoreChanged(members.self(), epoch.value(), service));
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Sending stored changes to peers failed", e);
        }
    }

    private void send(List<NodeId> peers, ReplicationMessage change) {
        byte[] payload = codec.encode(change);
        for (NodeId peer : peers) {
            link.send(peer, payload);
        }
    }
}
