package io.jacos.replication;

import io.jacos.cluster.ClusterLink;
import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.DrainMark;
import io.jacos.event.ClientConnected;
import io.jacos.event.ClientDisconnected;
import io.jacos.event.InstanceDeregistered;
import io.jacos.event.InstanceRegistered;
import io.jacos.infrastructure.ManagedPools;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.NodeId;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.registry.client.ClientSnapshot;
import io.jacos.replication.ReplicationMessage.ClientCopy;
import io.jacos.replication.ReplicationMessage.ClientGone;
import io.jacos.replication.ReplicationMessage.Digest;
import io.jacos.replication.ReplicationMessage.FullSync;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Sends the clients this node owns to its peers. A registry event only marks the client (a set add, so a
 * registration never waits on the network); one sender thread then reads each marked client's current state
 * and sends it whole, so marks made meanwhile coalesce and the latest state always follows the last change.
 * The same thread answers full-sync requests and sends the periodic digest, which keeps every message about
 * one client in revision order.
 */
@ApplicationScoped
public class OwnedClientSender {

    private static final Logger LOG = Logger.getLogger(OwnedClientSender.class.getName());

    private final ClusterMembers members;
    private final ClusterLink link;
    private final RegistryReader reader;
    private final LocalEpoch epoch;
    private final ManagedPools pools;
    private final DrainMark drainMark;
    private volatile boolean doubting;

    private final ReplicationCodec codec = new ReplicationCodec();
    private final Set<ClientId> dirty = ConcurrentHashMap.newKeySet();
    /** Who gets a full sync next, with the number of its request answered (0: unasked). */
    private final Map<NodeId, Long> fullSyncTargets = new ConcurrentHashMap<>();
    private final AtomicBoolean digestDue = new AtomicBoolean();
    /** Messages that must follow every change marked before them; one per peer, a newer one replaces it. */
    private final Map<NodeId, byte[]> afterChanges = new ConcurrentHashMap<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    /** Last revision sent per owned client; only the sender thread writes it. */
    private final Map<ClientId, Long> sent = new ConcurrentHashMap<>();
    private final AtomicLong revisions = new AtomicLong();
    private volatile ExecutorService worker;

    /** For the container's proxy. */
    protected OwnedClientSender() {
        this(null, null, null, null, null, null);
    }

    @Inject
    public OwnedClientSender(ClusterMembers members, ClusterLink link, RegistryReader reader, LocalEpoch epoch,
                             ManagedPools pools, DrainMark drainMark) {
        this.members = members;
        this.link = link;
        this.reader = reader;
        this.epoch = epoch;
        this.pools = pools;
        this.drainMark = drainMark;
    }

    /** Called once at deployment, so the sender thread carries the application's context. */
    void start() {
        if (members.clusterMode()) {
            start(pools.fixed("cluster-send", 1, 16));
        }
    }

    /** Sends on this executor, which must run one task at a time. */
    void start(ExecutorService sendWorker) {
        worker = sendWorker;
    }

    void connected(@Observes ClientConnected event) {
        changed(event.client());
    }

    void registered(@Observes InstanceRegistered event) {
        changed(event.client());
    }

    void deregistered(@Observes InstanceDeregistered event) {
        changed(event.client());
    }

    void disconnected(@Observes ClientDisconnected event) {
        changed(event.client());
    }

    /** An operator drained or undrained this node, or its gRPC server started: the peers hear it now. */
    void drainChanged(@Observes DrainMark.Changed event) {
        digestDue();
    }

    /**
     * What its digests and full syncs say as "drained": that peers must move no connections here, because an operator
     * drained it, it does not serve gRPC (yet, or any more), or its copies of some peer may be behind (a subscriber
     * moved here could be shown again what it was shown gone).
     */
    boolean drained() {
        return !drainMark.takesConnections() || doubting;
    }

    /** Set each grace tick by the applier; the peers hear a change at once. */
    void doubting(boolean now) {
        if (doubting != now) {
            doubting = now;
            digestDue();
        }
    }

    /** Marks a client whose published state may have changed (a health mark, say) for sending. */
    public void changed(ClientId client) {
        if (worker != null) {
            dirty.add(client);
            wake();
        }
    }

    /** Unasked, as {@code node} enters this node's view. */
    void fullSyncTo(NodeId node) {
        fullSyncTo(node, 0);
    }

    /** In answer to {@code node}'s request {@code number}; one answer serves every request of it pending. */
    void fullSyncTo(NodeId node, long number) {
        if (worker != null) {
            fullSyncTargets.merge(node, number, Math::max);
            wake();
        }
    }

    /**
     * Sends {@code payload} to {@code peer} behind every change of an owned client marked so far, so the peer reads
     * them first; false when this node does not replicate.
     */
    boolean sendAfterMarkedChanges(NodeId peer, byte[] payload) {
        if (worker == null) {
            return false;
        }
        afterChanges.put(peer, payload);
        wake();
        return true;
    }

    void digestDue() {
        if (worker != null) {
            digestDue.set(true);
            wake();
        }
    }

    /** The number of gRPC connections this node owns, as its digests report it. */
    int connections() {
        return (int) owned().stream().filter(c -> c.kind() == ClientKind.CONNECTION).count();
    }

    /** Every client this node owns and replicates (gRPC connections and 1.x clients). */
    int ownedClients() {
        return owned().size();
    }

    private void wake() {
        if (scheduled.compareAndSet(false, true)) {
            worker.execute(this::drain);
        }
    }

    private void drain() {
        scheduled.set(false);
        try {
            // Taken before the marks: every change marked before one of them was asked for goes out ahead of it.
            Map<NodeId, byte[]> following = takeAll(afterChanges);
            List<NodeId> peers = peers();
            if (!fullSyncTargets.isEmpty()) {
                FullSync full = fullSync();
                for (Map.Entry<NodeId, Long> target : List.copyOf(fullSyncTargets.entrySet())) {
                    // A request that came meanwhile stays for the next round, which it woke.
                    fullSyncTargets.remove(target.getKey(), target.getValue());
                    link.send(target.getKey(), codec.encode(full.answering(target.getValue())));
                }
            }
            for (ClientId id : take(dirty)) {
                ReplicationMessage message = messageFor(id);
                if (message != null) {
                    sendAll(peers, codec.encode(message));
                }
            }
            if (digestDue.getAndSet(false)) {
                sendAll(peers, codec.encode(new Digest(members.self(), epoch.value(), Map.copyOf(sent),
                        connections(), drained(), revisions.get())));
            }
            following.forEach(link::send);
        } catch (RuntimeException e) {
            // The marks are gone; the next digest shows peers what they miss and they ask for a full sync.
            LOG.log(Level.WARNING, "Replication send failed", e);
        }
    }

    private ReplicationMessage messageFor(ClientId id) {
        ClientView client = reader.client(id).orElse(null);
        if (client != null && isReplicated(client)) {
            long revision = revisions.incrementAndGet();
            sent.put(id, revision);
            return new ClientCopy(members.self(), epoch.value(), revision, snapshot(client));
        }
        if (sent.remove(id) != null) {
            return new ClientGone(members.self(), epoch.value(), revisions.incrementAndGet(), id);
        }
        return null;
    }

    private FullSync fullSync() {
        List<ClientCopy> copies = new ArrayList<>();
        for (ClientView client : owned()) {
            long revision = sent.computeIfAbsent(client.id(), id -> revisions.incrementAndGet());
            copies.add(new ClientCopy(members.self(), epoch.value(), revision, snapshot(client)));
        }
        return new FullSync(members.self(), epoch.value(), copies, connections(), drained(), revisions.get());
    }

    private List<ClientView> owned() {
        return reader.clientsOwnedBy(members.self().address()).stream().filter(this::isReplicated).toList();
    }

    /** Persistent instances are not sent: every node reads them from the shared database. */
    private boolean isReplicated(ClientView client) {
        return client.kind() != ClientKind.PERSISTENT && members.self().address().equals(client.owner());
    }

    private static ClientSnapshot snapshot(ClientView client) {
        return new ClientSnapshot(client.id(), client.kind(), client.owner(), client.published(), Map.of());
    }

    private List<NodeId> peers() {
        return members.members().stream().filter(node -> !node.equals(members.self())).toList();
    }

    private void sendAll(List<NodeId> peers, byte[] payload) {
        for (NodeId peer : peers) {
            link.send(peer, payload);
        }
    }

    private static <K, V> Map<K, V> takeAll(Map<K, V> map) {
        Map<K, V> taken = new HashMap<>();
        for (K key : List.copyOf(map.keySet())) {
            V value = map.remove(key);
            if (value != null) {
                taken.put(key, value);
            }
        }
        return taken;
    }

    private static <T> List<T> take(Set<T> set) {
        List<T> taken = new ArrayList<>(set);
        set.removeAll(taken);
        return taken;
    }
}
