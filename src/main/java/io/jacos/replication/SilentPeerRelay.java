package io.jacos.replication;

import io.jacos.cluster.ClusterLink;
import io.jacos.model.NodeId;
import io.jacos.replication.ReplicationMessage.Relayed;
import io.jacos.replication.ReplicationMessage.RelayRequest;

import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

/**
 * A cut JGroups does not show leaves this node deaf to a peer that the rest of the view still hears: a bridge node
 * that reaches both halves keeps everyone in one view, so no departure triggers a {@link DepartedRelay}. Once per
 * verify interval while some peer is silent, this node asks each peer it does hear to relay what it holds of the
 * silent one; a peer answers with a {@link Relayed} only for a node it hears itself. The receiver's usual relay rule
 * applies, so only newer revisions of copies it holds, and removals of them, are taken. A peer is answered about
 * one node at most twice an interval, however often it asks: an answer may carry thousands of copies. Confined to
 * the applier's thread.
 */
final class SilentPeerRelay {

    private static final Logger LOG = Logger.getLogger(SilentPeerRelay.class.getName());

    private final NodeId self;
    private final ClusterLink link;
    private final DepartedRelay relay;
    private final Clock clock;
    private final long intervalMillis;
    private final ReplicationCodec codec = new ReplicationCodec();
    private final Map<List<NodeId>, Long> answeredAt = new HashMap<>();
    private Set<NodeId> lastSilent = Set.of();
    private long askedAtMillis;

    SilentPeerRelay(NodeId self, ClusterLink link, DepartedRelay relay, Clock clock, long intervalMillis) {
        this.self = self;
        this.link = link;
        this.relay = relay;
        this.clock = clock;
        this.intervalMillis = intervalMillis;
    }

    /** Asks the heard peers about the silent ones, at most once per interval. */
    void ask(ReplicaBook book, List<NodeId> peers, long epoch) {
        answeredAt.keySet().removeIf(asked -> !peers.contains(asked.get(0)));
        Set<NodeId> silent = book.peers().silentPeers();
        long now = clock.millis();
        boolean newlySilent = !lastSilent.containsAll(silent);
        lastSilent = silent;
        if (silent.isEmpty() || (!newlySilent && now - askedAtMillis < intervalMillis)) {
            return;
        }
        List<NodeId> heard = peers.stream().filter(peer -> !silent.contains(peer)).toList();
        if (heard.isEmpty()) {
            return;
        }
        askedAtMillis = now;
        if (newlySilent) {
            LOG.info(() -> "No word from " + silent + " though still in the view; asking " + heard + " to relay");
        }
        for (NodeId about : silent) {
            byte[] payload = codec.encode(new RelayRequest(self, epoch, about));
            heard.forEach(peer -> link.send(peer, payload));
        }
    }

    /** What to send back to the asking node; empty when the request is refused or nothing is held of that peer. */
    Optional<Relayed> answer(ReplicaBook book, NodeId from, RelayRequest request, long epoch) {
        if (!book.onRelayRequest(from, request)) {
            return Optional.empty();
        }
        long now = clock.millis();
        Long last = answeredAt.get(List.of(from, request.about()));
        if (last != null && now - last < intervalMillis / 2) {
            return Optional.empty();
        }
        answeredAt.put(List.of(from, request.about()), now);
        return relay.of(book, Set.of(request.about()), self, epoch);
    }
}
