package io.jacos.replication;

import io.jacos.settings.ReplicationSettings;
import io.jacos.application.StoredNamingRefresh;
import io.jacos.cluster.ClusterLink;
import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.MembershipView;
import io.jacos.event.PeerStoredConfigs;
import io.jacos.event.PeerWithdrewEndpoint;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.NodeId;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.registry.client.ClientSnapshot;
import io.jacos.replication.ReplicationMessage.ClientCopy;
import io.jacos.replication.ReplicationMessage.ClientGone;
import io.jacos.replication.ReplicationMessage.Digest;
import io.jacos.replication.ReplicationMessage.FullSync;
import io.jacos.replication.ReplicationMessage.Relayed;
import io.jacos.replication.ReplicationMessage.RelayRequest;
import io.jacos.replication.ReplicationMessage.ConfigsChanged;
import io.jacos.replication.ReplicationMessage.StoreChanged;
import io.jacos.replication.ReplicationMessage.Withdrawn;
import io.jacos.replication.ReplicationMessage.SyncRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Applies what peers send into the registry's copies, by the {@link ReplicaBook}'s rules. Runs only on the
 * inbox's applier thread, which is what lets the book go without locks; what other threads read (readiness,
 * node reports) is published through {@link ReplicationStatus}. A peer's {@link StoreChanged} is shown by
 * re-reading the shared store through {@link StoredNamingRefresh}, on the same thread; a peer's
 * {@link ConfigsChanged} is passed on as {@link PeerStoredConfigs} for the configuration service to read, and a
 * {@link Withdrawn} as {@link PeerWithdrewEndpoint} for the clients this node handed off.
 */
@ApplicationScoped
public class CopyApplier {

    private static final Logger LOG = Logger.getLogger(CopyApplier.class.getName());

    private final Registry registry;
    private final RegistryReader reader;
    private final ClusterMembers members;
    private final ClusterLink link;
    private final OwnedClientSender sender;
    private final LocalEpoch epoch;
    private final ReplicationSettings settings;
    private final ReplicationStatus status;
    private final Clock clock;
    private final StoredNamingRefresh stored;
    private final Event<Object> peerNotices;

    private final ReplicationCodec codec = new ReplicationCodec();
    private final DepartedRelay relay;
    private final SilentPeerRelay silentRelay;
    private final Map<NodeId, Long> syncAskedAt = new HashMap<>();
    private ReplicaBook book;
    private Set<NodeId> viewMembers = Set.of();

    /** For the container's proxy. */
    protected CopyApplier() {
        this(null, null, null, null, null, null, null, null, null, null, null);
    }

    @Inject
    public CopyApplier(Registry registry, RegistryReader reader, ClusterMembers members, ClusterLink link,
                       OwnedClientSender sender, LocalEpoch epoch, ReplicationSettings settings,
                       ReplicationStatus status, Clock clock, StoredNamingRefresh stored,
                       Event<Object> peerNotices) {
        this.registry = registry;
        this.reader = reader;
        this.members = members;
        this.link = link;
        this.sender = sender;
        this.epoch = epoch;
        this.settings = settings;
        this.status = status;
        this.clock = clock;
        this.stored = stored;
        this.peerNotices = peerNotices;
        this.relay = new DepartedRelay(reader);
        this.silentRelay = members == null ? null
                : new SilentPeerRelay(members.self(), link, relay, clock, settings.verifyIntervalMillis());
    }

    void viewChanged(MembershipView view) {
        boolean first = book == null;
        Set<NodeId> before = viewMembers;
        viewMembers = Set.copyOf(view.members());
        book().viewChanged(view.members());
        if (view.merged()) {
            book().awaitFullSyncs(peers());
        }
        syncAskedAt.keySet().retainAll(viewMembers);
        if (!first) {
            relayDeparted(before);
        }
        for (NodeId member : view.members()) {
            if (member.equals(members.self())) {
                continue;
            }
            if (view.merged() || !before.contains(member)) {
                sender.fullSyncTo(member);
            }
            if (first || view.merged()) {
                askForSync(member);
            }
        }
        if (view.merged()) {
            refreshStored();
        }
        publish(true);
    }

    /** Tells the rest of the view what this node holds of the owners that left it; see {@link Relayed}. */
    private void relayDeparted(Set<NodeId> before) {
        Set<NodeId> departed = new HashSet<>(before);
        departed.removeAll(viewMembers);
        departed.remove(members.self());
        if (departed.isEmpty() || peers().isEmpty()) {
            return;
        }
        relay.of(book(), departed, members.self(), epoch.value()).ifPresent(relayed -> {
            LOG.info(() -> "Relaying " + relayed.copies().size() + " copies and " + relayed.gone().size()
                    + " removals of " + departed + ", which left the view");
            byte[] payload = codec.encode(relayed);
            peers().forEach(peer -> link.send(peer, payload));
        });
    }

    /**
     * This node was paused (frozen, or starved) long enough that its peers may have dropped it from their view and
     * stopped sending to it: what arrives now may be older than what they hold. Their full syncs are asked for at
     * once, and only the answers are believed until they come.
     */
    void resumedAfterPause(long pausedMillis) {
        LOG.warning(() -> "Replication was paused for " + pausedMillis + " ms; awaiting the peers' full syncs");
        book().awaitFullSyncs(peers());
        peers().forEach(this::askForSync);
        publish(false);
    }

    private List<NodeId> peers() {
        return viewMembers.stream().filter(member -> !member.equals(members.self())).toList();
    }

    /** After a split, peers' notices of stored changes may be lost: read the shared store again. */
    private void refreshStored() {
        try {
            stored.refreshAll();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not re-read the shared store after a merge", e);
        }
    }

    void received(NodeId from, ReplicationMessage message) {
        if (message instanceof ClientCopy copy) {
            if (book().onCopy(from, copy) == ReplicaBook.Decision.APPLY) {
                apply(copy);
            }
        } else if (message instanceof ClientGone gone) {
            if (book().onGone(from, gone) == ReplicaBook.Decision.REMOVE) {
                registry.removeCopy(gone.client(), gone.owner().address());
            }
        } else if (message instanceof FullSync full) {
            SyncPlan plan = book().onFullSync(from, full);
            plan.remove().forEach(id -> registry.removeCopy(id, full.owner().address()));
            plan.apply().forEach(this::apply);
            if (plan.askAgain()) {
                LOG.info(() -> from + " sent its full sync unasked while its answer is awaited; asking it again");
                syncAskedAt.remove(from);
            }
        } else if (message instanceof Digest digest) {
            DigestPlan plan = book().onDigest(from, digest);
            plan.remove().forEach(id -> registry.removeCopy(id, digest.owner().address()));
            if (plan.needsFullSync()) {
                askForSync(from);
            }
        } else if (message instanceof SyncRequest request && book().admitsNotice(from, request)) {
            sender.fullSyncTo(from, request.number());
        } else if (message instanceof StoreChanged change && book().admitsNotice(from, change)) {
            refresh(change);
        } else if (message instanceof ConfigsChanged change && book().admitsNotice(from, change)) {
            peerNotices.fire(new PeerStoredConfigs(change.owner().address()));
        } else if (message instanceof Relayed relayed) {
            RelayPlan plan = book().onRelayed(from, relayed);
            if (!plan.apply().isEmpty() || !plan.remove().isEmpty()) {
                LOG.info(() -> from + " relayed " + plan.apply().size() + " newer copies and " + plan.remove().size()
                        + " removals this node had missed");
            }
            plan.remove().forEach(gone -> registry.removeCopy(gone.client(), gone.owner().address()));
            plan.apply().forEach(this::apply);
        } else if (message instanceof RelayRequest request) {
            silentRelay.answer(book(), from, request, epoch.value())
                    .ifPresent(relayed -> link.send(from, codec.encode(relayed)));
        } else if (message instanceof Withdrawn withdrawn && book().admitsNotice(from, withdrawn)) {
            peerNotices.fire(new PeerWithdrewEndpoint(withdrawn.owner().address(), withdrawn.address()));
        }
        if (book().awaitsFullSync(from)) {
            askForSync(from);
        }
        publish(false);
    }

    /**
     * An address deregistered through a configured node outside this node's view. In a bridge partition the views
     * can split unevenly: that node still has this one in its view and reaches it, and its clients include some this
     * node asked to move, which went there. Taken so this node drops the address from the clients it handed off, as
     * from a peer; otherwise they would show it until the hand-off grace ends. The notice only removes what its
     * application removed, so it needs no epoch fence; a node not configured is ignored.
     */
    void withdrawnOutsideView(NodeId from, Withdrawn withdrawn) {
        if (withdrawn.owner().equals(from) && !from.equals(members.self())
                && members.nodes().stream().anyMatch(node -> node.node().equals(from))) {
            peerNotices.fire(new PeerWithdrewEndpoint(from.address(), withdrawn.address()));
        }
    }

    /** Re-reads what the peer stored; a database that fails here is logged, the next change reads it again. */
    private void refresh(StoreChanged change) {
        try {
            if (change.namespaces()) {
                stored.refreshNamespaces();
            } else {
                stored.refreshService(change.service());
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not show what " + change.owner() + " stored for "
                    + (change.namespaces() ? "the namespaces" : change.service().groupedName()), e);
        }
    }

    /** Removes the copies whose grace ran out. */
    void tick() {
        if (book == null) {
            return;
        }
        for (ClientId id : book.expired()) {
            reader.client(id).map(ClientView::owner).filter(owner -> !owner.equals(self()))
                    .ifPresent(owner -> registry.removeCopy(id, owner));
        }
        status.departedCopiesHeld(book.holdsDepartedCopies());
        sender.doubting(book.doubtsAPeer());
        silentRelay.ask(book, peers(), epoch.value());
        publish(false);
    }

    private void apply(ClientCopy copy) {
        ClientSnapshot snapshot = copy.snapshot();
        ClientView local = reader.client(snapshot.id()).orElse(null);
        if (local != null && self().equals(local.owner()) && !handedTo(local, copy.owner())) {
            // Ours: only a 1.x client whose responsible node is now the sender changes hands this way.
            book().forget(snapshot.id());
            return;
        }
        registry.applyCopy(new ClientSnapshot(snapshot.id(), snapshot.kind(), copy.owner().address(),
                snapshot.published(), Map.of()));
    }

    private boolean handedTo(ClientView local, NodeId sender) {
        return local.kind() == ClientKind.IP_PORT && local.id().ipPort()
                .map(address -> members.responsibleFor(address.ip() + ':' + address.port()).equals(sender))
                .orElse(false);
    }

    /**
     * At most once per verify interval per node, so a lagging peer is not asked again while it answers; but at once
     * when a full sync is awaited that no request made so far would bring.
     */
    private void askForSync(NodeId node) {
        long now = clock.millis();
        Long last = syncAskedAt.get(node);
        if (last != null && now - last < settings.verifyIntervalMillis() && !book().syncRequestDue(node)) {
            return;
        }
        syncAskedAt.put(node, now);
        link.send(node, codec.encode(new SyncRequest(members.self(), epoch.value(), book().nextSyncRequest(node))));
    }

    private void publish(boolean viewChanged) {
        Set<NodeId> unsynced = new HashSet<>(book().unsynced());
        Map<NodeId, io.jacos.cluster.NodeReports.NodeReport> reports = new HashMap<>();
        for (NodeId member : viewMembers) {
            book().report(member).ifPresent(report -> reports.put(member, report));
        }
        status.publish(viewChanged || status.viewInstalled(), viewMembers.size(), Set.copyOf(unsynced), reports);
    }

    private ReplicaBook book() {
        if (book == null) {
            book = new ReplicaBook(members.self(), clock, settings.copyGraceMillis(), settings.silenceMillis());
        }
        return book;
    }

    private String self() {
        return members.self().address();
    }
}
