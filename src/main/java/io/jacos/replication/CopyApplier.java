package io.jacos.replication;

import io.jacos.settings.ReplicationSettings;
import io.jacos.application.StoredNamingRefresh;
import io.jacos.cluster.ClusterLink;
import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.MembershipView;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.NodeId;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.registry.client.ClientSnapshot;
import io.jacos.replication.ReplicationMessage.CatchUpCheck;
import io.jacos.replication.ReplicationMessage.CaughtUp;
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
import java.util.logging.Logger;

/**
 * Applies what peers send into the registry's copies, by the {@link ReplicaBook}'s rules. Runs only on the
 * inbox's applier thread, which is what lets the book go without locks; what other threads read (readiness,
 * node reports) is published through {@link ReplicationStatus}. A peer's notices that carry no copy (it stored
 * something, it withdrew an address) are handled by {@link PeerNotices}, on the same thread.
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
    private final PeerNotices notices;
    private final SyncAsker syncs;
    private final CatchUpChecks catchUps;

    private final ReplicationCodec codec = new ReplicationCodec();
    private final DepartedRelay relay;
    private final SilentPeerRelay silentRelay;
    private ReplicaBook book;
    private Set<NodeId> viewMembers = Set.of();

    /** For the container's proxy. */
    protected CopyApplier() {
        this(null, null, null, null, null, null, null, null, null, null, null, null);
    }

    @Inject
    public CopyApplier(Registry registry, RegistryReader reader, ClusterMembers members, ClusterLink link,
                       OwnedClientSender sender, LocalEpoch epoch, ReplicationSettings settings,
                       ReplicationStatus status, Clock clock, StoredNamingRefresh stored,
                       Event<Object> peerNotices, CatchUpChecks catchUps) {
        this.registry = registry;
        this.reader = reader;
        this.members = members;
        this.link = link;
        this.sender = sender;
        this.epoch = epoch;
        this.settings = settings;
        this.status = status;
        this.clock = clock;
        this.notices = new PeerNotices(members, stored, peerNotices);
        this.catchUps = catchUps;
        this.relay = new DepartedRelay(reader);
        this.silentRelay = members == null ? null
                : new SilentPeerRelay(members.self(), link, relay, clock, settings.verifyIntervalMillis());
        this.syncs = members == null ? null
                : new SyncAsker(members.self(), link, epoch::value, clock, settings.verifyIntervalMillis());
    }

    void viewChanged(MembershipView view) {
        boolean first = book == null;
        Set<NodeId> before = viewMembers;
        viewMembers = Set.copyOf(view.members());
        book().viewChanged(view.members());
        if (view.merged()) {
            book().peers().awaitFullSyncs(peers());
        }
        syncs.retainOnly(viewMembers);
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
            notices.storeMayHaveChanged();
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
        book().peers().awaitFullSyncs(peers());
        peers().forEach(this::askForSync);
        publish(false);
    }

    private List<NodeId> peers() {
        return viewMembers.stream().filter(member -> !member.equals(members.self())).toList();
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
                syncs.askAgain(from);
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
            notices.storeChanged(change);
        } else if (message instanceof ConfigsChanged change && book().admitsNotice(from, change)) {
            notices.configsChanged(change);
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
            notices.withdrawn(withdrawn);
        } else if (message instanceof CatchUpCheck check) {
            link.send(from, codec.encode(new CaughtUp(members.self(), epoch.value(), check.number(),
                    book().caughtUpWith(from, check.epoch()))));
        } else if (message instanceof CaughtUp answer) {
            catchUps.answered(from, answer);
        }
        if (book().peers().awaitsFullSync(from)) {
            askForSync(from);
        }
        publish(false);
    }

    /** An address deregistered through a configured node outside this node's view ({@link PeerNotices}). */
    void withdrawnOutsideView(NodeId from, Withdrawn withdrawn) {
        notices.withdrawnOutsideView(from, withdrawn);
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
        sender.doubting(book.peers().doubtsAPeer());
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

    private void askForSync(NodeId node) {
        syncs.ask(node, book().peers());
    }

    private void publish(boolean viewChanged) {
        Set<NodeId> unsynced = new HashSet<>(book().peers().unsynced());
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
