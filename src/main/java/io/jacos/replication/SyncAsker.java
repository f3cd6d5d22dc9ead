package io.jacos.replication;

import io.jacos.cluster.ClusterLink;
import io.jacos.model.NodeId;
import io.jacos.replication.ReplicationMessage.SyncRequest;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Asks peers for their full sync, at most once per verify interval per peer, so a lagging peer is not asked again
 * while it answers; but at once when a full sync is awaited that no request made so far would bring.
 * Confined to the applier thread, like the {@link PeerSyncs} it reads.
 */
final class SyncAsker {

    private final NodeId self;
    private final ClusterLink link;
    private final LongSupplier epoch;
    private final Clock clock;
    private final long intervalMillis;
    private final ReplicationCodec codec = new ReplicationCodec();
    /** Bounded by the view: {@link #retainOnly} runs at each view change. */
    private final Map<NodeId, Long> askedAt = new HashMap<>();

    SyncAsker(NodeId self, ClusterLink link, LongSupplier epoch, Clock clock, long intervalMillis) {
        this.self = self;
        this.link = link;
        this.epoch = epoch;
        this.clock = clock;
        this.intervalMillis = intervalMillis;
    }

    void ask(NodeId peer, PeerSyncs syncs) {
        long now = clock.millis();
        Long last = askedAt.get(peer);
        if (last != null && now - last < intervalMillis && !syncs.requestDue(peer)) {
            return;
        }
        askedAt.put(peer, now);
        link.send(peer, codec.encode(new SyncRequest(self, epoch.getAsLong(), syncs.nextRequest(peer))));
    }

    /** The peer answered something else than what was asked: the next {@link #ask} goes out whenever it is. */
    void askAgain(NodeId peer) {
        askedAt.remove(peer);
    }

    void retainOnly(Set<NodeId> view) {
        askedAt.keySet().retainAll(view);
    }
}
