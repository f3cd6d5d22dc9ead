package io.jacos.replication;

import io.jacos.model.NodeId;

import java.time.Clock;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongConsumer;

/**
 * The {@link ReplicaBook}'s fence: the current view and what is known of each peer that owns clients
 * ({@link OwnerState}). A message passes when the node it arrived from is its owner, in the view and not this node,
 * in an epoch not older than the owner's known one; after the owner was silent too long, only its answer to a full
 * sync request made since is believed. It numbers those requests. Confined to the book's thread.
 */
final class OwnerBook implements PeerSyncs {

    private final NodeId self;
    private final Clock clock;
    private final long silenceMillis;
    private Set<NodeId> view = Set.of();
    private final Map<NodeId, OwnerState> owners = new HashMap<>();
    /**
     * Peers in the view that a wait for full syncs found unknown (forgotten when a split outlasted their copies):
     * their state starts awaiting once their first message comes. Bounded by the view.
     */
    private final Map<NodeId, PendingWait> awaitedUnknown = new HashMap<>();

    private record PendingWait(long firstAnswer, long lastRequest) {
    }
    private long requests;

    OwnerBook(NodeId self, Clock clock, long silenceMillis) {
        this.self = Objects.requireNonNull(self, "self");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.silenceMillis = silenceMillis;
    }

    void view(Collection<NodeId> members) {
        view = Set.copyOf(members);
        awaitedUnknown.keySet().retainAll(view);
    }

    boolean inView(NodeId node) {
        return view.contains(node);
    }

    /** The owner's state; null for a node no message of which was admitted. */
    OwnerState get(NodeId owner) {
        return owners.get(owner);
    }

    /**
     * Whether the message passes the fence; a newer epoch than known means the owner restarted, and
     * {@code restarted} hears the new epoch before the message is admitted.
     */
    boolean admits(NodeId sender, ReplicationMessage message, LongConsumer restarted) {
        NodeId owner = message.owner();
        if (!owner.equals(sender) || owner.equals(self) || !view.contains(owner)) {
            return false;
        }
        OwnerState state = owners.computeIfAbsent(owner, first -> newState(first, message.epoch()));
        if (message.epoch() < state.epoch()) {
            return false;
        }
        if (message.epoch() > state.epoch()) {
            state.restartedAs(message.epoch());
            restarted.accept(message.epoch());
        }
        if (state.silentFor(clock.millis()) > silenceMillis && !state.awaitingFullSync()) {
            state.awaitFullSync(requests + 1);
        }
        return true;
    }

    /**
     * From now on only answers to requests made from now on are believed, also from a peer this book knows nothing
     * of: after a split that outlasted its copies it was forgotten, yet what it sent across the split may still land.
     */
    @Override
    public void awaitFullSyncs(Collection<NodeId> peers) {
        long next = requests + 1;
        for (NodeId peer : peers) {
            OwnerState state = owners.get(peer);
            if (state != null) {
                state.awaitFullSync(next);
            } else if (!peer.equals(self) && view.contains(peer)) {
                awaitedUnknown.put(peer, new PendingWait(next, 0));
            }
        }
    }

    @Override
    public long nextRequest(NodeId owner) {
        requests++;
        OwnerState state = owners.get(owner);
        if (state != null) {
            state.requested(requests);
        } else {
            awaitedUnknown.computeIfPresent(owner, (peer, wait) -> new PendingWait(wait.firstAnswer(), requests));
        }
        return requests;
    }

    @Override
    public boolean requestDue(NodeId owner) {
        OwnerState state = owners.get(owner);
        if (state == null) {
            PendingWait wait = awaitedUnknown.get(owner);
            return wait != null && wait.lastRequest() < wait.firstAnswer();
        }
        return state.requestDue();
    }

    private OwnerState newState(NodeId owner, long epoch) {
        OwnerState state = new OwnerState(epoch);
        PendingWait wait = awaitedUnknown.remove(owner);
        if (wait != null) {
            state.awaitFullSync(wait.firstAnswer());
            state.requested(wait.lastRequest());
        }
        return state;
    }

    @Override
    public boolean awaitsFullSync(NodeId owner) {
        OwnerState state = owners.get(owner);
        return state == null ? awaitedUnknown.containsKey(owner) : state.awaitingFullSync();
    }

    @Override
    public boolean synced(NodeId owner) {
        OwnerState state = owners.get(owner);
        return owner.equals(self) || (state != null && state.synced());
    }

    @Override
    public Set<NodeId> unsynced() {
        Set<NodeId> waiting = new TreeSet<>();
        view.stream().filter(node -> !synced(node)).forEach(waiting::add);
        return Collections.unmodifiableSet(waiting);
    }

    @Override
    public boolean doubtsAPeer() {
        long now = clock.millis();
        return view.stream().filter(node -> !node.equals(self)).map(owners::get).anyMatch(state -> state == null
                || !state.synced() || state.awaitingFullSync() || state.silentLongerThan(now, silenceMillis));
    }

    @Override
    public Set<NodeId> silentPeers() {
        long now = clock.millis();
        Set<NodeId> silent = new TreeSet<>();
        owners.forEach((owner, state) -> {
            if (view.contains(owner) && !owner.equals(self) && state.silentLongerThan(now, silenceMillis)) {
                silent.add(owner);
            }
        });
        return silent;
    }

    /** Whether this node's copies of {@code owner}, a peer in the view, are current: synced and lately heard. */
    boolean hears(NodeId owner) {
        OwnerState state = owners.get(owner);
        return view.contains(owner) && !owner.equals(self) && state != null && state.synced()
                && !state.awaitingFullSync() && !state.silentLongerThan(clock.millis(), silenceMillis);
    }

    /** Forgets owners out of the view of which no copy is held. */
    void forgetGone(Set<NodeId> holding) {
        owners.keySet().removeIf(owner -> !view.contains(owner) && !holding.contains(owner));
    }
}
