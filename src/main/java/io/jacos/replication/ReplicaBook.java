package io.jacos.replication;

import io.jacos.cluster.NodeReports.NodeReport;
import io.jacos.model.ClientId;
import io.jacos.model.NodeId;
import io.jacos.replication.ReplicationMessage.ClientCopy;
import io.jacos.replication.ReplicationMessage.ClientGone;
import io.jacos.replication.ReplicationMessage.Digest;
import io.jacos.replication.ReplicationMessage.FullSync;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The rules for the copies this node holds of its peers' clients: which messages to apply, which copies to
 * drop, and when the copies of a departed or restarted owner expire. It only decides; the caller applies each
 * decision to the registry.
 *
 * <p><b>Fencing</b> is the {@link OwnerBook}'s. An owner's newer epoch means it restarted: the copies of its older
 * incarnation get a grace deadline, so its former clients can reconnect and register again before they vanish.
 *
 * <p><b>Bound.</b> A copy enters only from an owner in the view. Each copy whose owner leaves the view or
 * restarts gets a deadline, and {@link #expired()} forgets it then, along with owners that are out of the view
 * and hold no copies. So the book holds no more than what the owners of the view sent.
 *
 * <p><b>Threads.</b> Confined to the one replication applier thread that calls every method: nothing here is
 * locked. Another thread wanting {@link #report} must ask that thread.
 */
public final class ReplicaBook {

    public enum Decision { APPLY, REMOVE, IGNORE }

    private final Clock clock;
    private final long graceMillis;
    private final OwnerBook owners;
    private final HeldCopies copies = new HeldCopies();
    /** Removals to relay when their owner leaves: as many as a node holds copies of, in the usual sizes. */
    private final GoneCopies gone = new GoneCopies(10_000);

    public ReplicaBook(NodeId self, Clock clock, long graceMillis) {
        this(self, clock, graceMillis, Long.MAX_VALUE);
    }

    /**
     * @param silenceMillis how long an owner may send nothing (its digests come more often) before what it sends
     *                      next is doubted: a link cut that long may deliver messages the owner sent before it
     *                      dropped this node from its view, so only its next full sync is believed
     */
    public ReplicaBook(NodeId self, Clock clock, long graceMillis, long silenceMillis) {
        if (graceMillis < 0 || silenceMillis <= 0) {
            throw new IllegalArgumentException("negative grace " + graceMillis + " or silence " + silenceMillis);
        }
        this.clock = Objects.requireNonNull(clock, "clock");
        this.graceMillis = graceMillis;
        this.owners = new OwnerBook(self, clock, silenceMillis);
    }

    /**
     * A new view: copies of owners outside it start their grace; copies of an owner back in it (a merge after a
     * freeze) in its current epoch keep living, since that owner's full sync follows and is authoritative.
     */
    public void viewChanged(Collection<NodeId> members) {
        owners.view(members);
        long deadline = graceDeadline();
        copies.updateAll(copy -> {
            if (!owners.inView(copy.owner())) {
                return copy.expiringAt(deadline);
            }
            OwnerState owner = owners.get(copy.owner());
            return owner != null && copy.epoch() == owner.epoch() ? copy.withoutDeadline() : copy;
        });
    }

    /**
     * Where this node stands with each peer's full snapshot. After a merge or a pause, the owners' messages still
     * in flight may be older than what they hold; once {@link PeerSyncs#awaitFullSyncs} is called, a full sync in
     * flight is refused too, unless it answers a request made since.
     */
    PeerSyncs peers() {
        return owners;
    }

    /**
     * APPLY when admitted, made after the owner's last full sync (none awaited), and newer than the copy held
     * (or held from another owner or an older epoch).
     */
    public Decision onCopy(NodeId sender, ClientCopy copy) {
        return admits(sender, copy) && fresh(copy, copy.revision()) && take(copy) ? Decision.APPLY : Decision.IGNORE;
    }

    /**
     * REMOVE when admitted, made after the owner's last full sync (none awaited), and the held copy is the
     * owner's, at most at the gone revision of the same epoch.
     */
    public Decision onGone(NodeId sender, ClientGone gone) {
        if (!admits(sender, gone) || !fresh(gone, gone.revision())) {
            return Decision.IGNORE;
        }
        HeldCopy held = copies.get(gone.client());
        if (held == null || !held.owner().equals(gone.owner())
                || (held.epoch() == gone.epoch() && held.revision() > gone.revision())) {
            return Decision.IGNORE;
        }
        copies.remove(gone.client());
        this.gone.record(gone);
        return Decision.REMOVE;
    }

    /**
     * The owner's whole state in its epoch: the listed copies go through the {@link #onCopy} rule, copies of
     * that epoch it does not list are removed, copies of older epochs keep their grace. One made before the
     * last applied is refused, and so, while one is awaited, is one that does not answer a request made since.
     */
    public SyncPlan onFullSync(NodeId sender, FullSync sync) {
        if (!admits(sender, sync)) {
            return SyncPlan.NOTHING;
        }
        OwnerState owner = owners.get(sync.owner());
        if (!owner.believes(sync.answers())) {
            return sync.answers() == 0 && owner.firstUnaskedRefused() ? SyncPlan.ASK_AGAIN : SyncPlan.NOTHING;
        }
        if (sync.asOf() < owner.floor()) {
            return SyncPlan.NOTHING;
        }
        owner.markSynced(sync.asOf());
        owner.heard(sync.connections(), sync.drained(), clock.millis());
        Set<ClientId> listed = new HashSet<>();
        List<ClientCopy> apply = new ArrayList<>();
        for (ClientCopy copy : sync.clients()) {
            if (copy.owner().equals(sync.owner()) && copy.epoch() == sync.epoch()) {
                listed.add(copy.snapshot().id());
                if (take(copy)) {
                    apply.add(copy);
                }
            }
        }
        return new SyncPlan(apply, dropUnlisted(sync.owner(), sync.epoch(), listed, sync.asOf()));
    }

    /**
     * The owner's list of clients and revisions: copies of its epoch it does not list are removed; a full sync
     * is needed when a listed revision is missing or newer than the copy here, or none of this epoch came yet,
     * or one is awaited (then nothing is removed). One made before the last full sync is ignored.
     */
    public DigestPlan onDigest(NodeId sender, Digest digest) {
        if (!admits(sender, digest) || digest.asOf() < owners.get(digest.owner()).floor()) {
            return DigestPlan.NOTHING;
        }
        OwnerState owner = owners.get(digest.owner());
        owner.heard(digest.connections(), digest.drained(), clock.millis());
        if (owner.awaitingFullSync()) {
            return new DigestPlan(List.of(), true);
        }
        List<ClientId> remove = dropUnlisted(digest.owner(), digest.epoch(), digest.revisions().keySet(),
                digest.asOf());
        boolean behind = !owner.synced() || copies.lacksAny(digest.owner(), digest.epoch(), digest.revisions());
        return new DigestPlan(remove, behind);
    }

    /**
     * What a peer relays of owners that left its view: each copy newer than the one held of the same owner and
     * epoch replaces it (its grace unchanged), each removal at or above the held revision removes it. Nothing is
     * taken that is not held: a client this node never had, or dropped, stays away. The sender passes the usual fence.
     */
    public RelayPlan onRelayed(NodeId sender, ReplicationMessage.Relayed relayed) {
        if (!admits(sender, relayed)) {
            return RelayPlan.NOTHING;
        }
        return copies.takeRelayed(relayed, gone);
    }

    /** The copies held of {@code owners}, to relay when they leave the view. */
    Map<ClientId, HeldCopy> heldOf(Set<NodeId> owners) {
        return copies.of(owners);
    }

    /** The removals applied of {@code owners}' clients that are still remembered, to relay with their copies. */
    public List<ClientGone> goneOf(Set<NodeId> owners) {
        return gone.of(owners);
    }

    /** Whether to relay what this node holds of the peer asked about: the asker passes the fence, and it is heard here. */
    boolean onRelayRequest(NodeId sender, ReplicationMessage.RelayRequest request) {
        return admits(sender, request) && owners.hears(request.about());
    }

    /**
     * Whether a message that carries no copy passes the fence (a sender in the view, in its current epoch): a sync
     * request, or a notice that the owner stored something or withdrew an address. Nothing is held for it; what it
     * asks for is idempotent, so its order does not matter.
     */
    public boolean admitsNotice(NodeId sender, ReplicationMessage notice) {
        return admits(sender, notice);
    }

    /**
     * Whether the asking owner may hand this node its subscribers: all it sent before its check has been read here
     * (in order) and believed, as this node holds its current epoch's full snapshot and awaits none, and this node
     * neither doubts another peer nor holds a departed one's copies, so it shows what the owner showed.
     */
    public boolean caughtUpWith(NodeId owner, long epoch) {
        OwnerState state = owners.get(owner);
        return state != null && state.epoch() == epoch && state.synced() && !state.awaitingFullSync()
                && !owners.doubtsAPeer() && !holdsDepartedCopies();
    }

    /** Whether copies of a departed or restarted owner are held for their grace: the cluster is not whole. */
    public boolean holdsDepartedCopies() {
        return copies.anyExpiring();
    }

    /** Forgets and returns the copies whose grace ran out; the caller removes them from the registry. */
    public List<ClientId> expired() {
        List<ClientId> gone = copies.dropDue(clock.millis());
        owners.forgetGone(copies.owners());
        return gone;
    }

    /** The caller took the client over locally (it adopted it): it is no longer a copy. */
    public void forget(ClientId client) {
        copies.remove(client);
    }

    /**
     * What this node heard of a peer: its epoch, last reported connections, copies held of its current epoch,
     * whether synced, and when its last digest or full sync came. Empty for this node and for unknown peers.
     * While the peer's next full sync is awaited it is not synced: what arrived from it may have waited out a
     * pause in a socket, and its connection count with it, so no one plans moves on it.
     */
    public Optional<NodeReport> report(NodeId owner) {
        OwnerState state = owners.get(owner);
        if (state == null) {
            return Optional.empty();
        }
        return Optional.of(new NodeReport(state.epoch(), state.connections(), copies.count(owner, state.epoch()),
                state.synced() && !state.awaitingFullSync(), state.heardAtMillis(), state.drained()));
    }

    public Optional<NodeId> ownerOf(ClientId client) {
        return Optional.ofNullable(copies.get(client)).map(HeldCopy::owner);
    }

    public boolean holds(ClientId client) {
        return copies.get(client) != null;
    }

    public int size() {
        return copies.size();
    }

    private boolean admits(NodeId sender, ReplicationMessage message) {
        NodeId owner = message.owner();
        return owners.admits(sender, message,
                epoch -> startGrace(copy -> copy.owner().equals(owner) && copy.epoch() < epoch));
    }

    private boolean fresh(ReplicationMessage message, long revision) {
        return owners.get(message.owner()).fresh(revision);
    }

    /** Records the copy if it replaces what is held; a copy whose snapshot names another owner is refused. */
    private boolean take(ClientCopy copy) {
        if (!copy.owner().address().equals(copy.snapshot().owner())) {
            return false;
        }
        HeldCopy held = copies.get(copy.snapshot().id());
        if (held != null && !held.isOlderThan(copy.owner(), copy.epoch(), copy.revision())) {
            return false;
        }
        copies.put(copy.snapshot().id(), HeldCopy.of(copy));
        return true;
    }


    /** Drops the owner's unlisted copies, remembering each as removed at the revision the list was made at. */
    private List<ClientId> dropUnlisted(NodeId owner, long epoch, Set<ClientId> listed, long asOf) {
        List<ClientId> dropped = copies.dropUnlisted(owner, epoch, listed);
        dropped.forEach(id -> gone.record(new ClientGone(owner, epoch, asOf, id)));
        return dropped;
    }

    private void startGrace(Predicate<HeldCopy> which) {
        long deadline = graceDeadline();
        copies.updateAll(copy -> which.test(copy) ? copy.expiringAt(deadline) : copy);
    }

    private long graceDeadline() {
        return clock.millis() + graceMillis;
    }
}
