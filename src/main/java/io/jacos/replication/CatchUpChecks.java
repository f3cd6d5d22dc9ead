package io.jacos.replication;

import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.PeerCatchUp;
import io.jacos.model.NodeId;
import io.jacos.replication.ReplicationMessage.CatchUpCheck;
import io.jacos.replication.ReplicationMessage.CaughtUp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends {@link CatchUpCheck}s, each behind the changes this node marked for sending before it, and matches their
 * answers, which the applier thread hands over as they arrive. One
 * check per peer is outstanding at a time (a new one replaces it), so what waits here is bounded by the cluster.
 */
@ApplicationScoped
public class CatchUpChecks implements PeerCatchUp {

    private final ClusterMembers members;
    private final OwnedClientSender sender;
    private final LocalEpoch epoch;
    private final ReplicationCodec codec = new ReplicationCodec();
    private final Map<NodeId, Outstanding> outstanding = new HashMap<>();
    private long lastNumber;

    /** For the container's proxy. */
    protected CatchUpChecks() {
        this(null, null, null);
    }

    @Inject
    public CatchUpChecks(ClusterMembers members, OwnedClientSender sender, LocalEpoch epoch) {
        this.members = members;
        this.sender = sender;
        this.epoch = epoch;
    }

    @Override
    public Set<NodeId> caughtUp(Collection<NodeId> peers, long waitMillis) {
        Map<NodeId, CompletableFuture<Boolean>> asked = ask(peers);
        try {
            CompletableFuture.allOf(asked.values().toArray(CompletableFuture[]::new))
                    .get(waitMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException late) {
            // A peer that has not answered by now is not confirmed; those that have are.
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        } finally {
            asked.forEach(this::forget);
        }
        Set<NodeId> confirmed = new LinkedHashSet<>();
        asked.forEach((peer, answer) -> {
            if (answer.getNow(false)) {
                confirmed.add(peer);
            }
        });
        return confirmed;
    }

    /** On the applier thread: the answer of {@code from} to one of this node's checks. */
    void answered(NodeId from, CaughtUp answer) {
        CompletableFuture<Boolean> waiting;
        synchronized (this) {
            Outstanding check = outstanding.get(from);
            if (check == null || check.number() != answer.number()) {
                return;
            }
            outstanding.remove(from);
            waiting = check.answer();
        }
        waiting.complete(answer.caughtUp());
    }

    /** Sends a check to each of {@code peers} (this node left out); each answer completes its future. */
    Map<NodeId, CompletableFuture<Boolean>> ask(Collection<NodeId> peers) {
        Map<NodeId, CompletableFuture<Boolean>> asked = new LinkedHashMap<>();
        for (NodeId peer : peers) {
            if (!peer.equals(members.self()) && !asked.containsKey(peer)) {
                asked.put(peer, ask(peer));
            }
        }
        return asked;
    }

    private CompletableFuture<Boolean> ask(NodeId peer) {
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        long number;
        synchronized (this) {
            number = ++lastNumber;
            Outstanding replaced = outstanding.put(peer, new Outstanding(number, answer));
            if (replaced != null) {
                replaced.answer().complete(false);
            }
        }
        byte[] check = codec.encode(new CatchUpCheck(members.self(), epoch.value(), number));
        if (!sender.sendAfterMarkedChanges(peer, check)) {
            answer.complete(false);
        }
        return answer;
    }

    /** A late answer then finds nothing to complete. */
    private synchronized void forget(NodeId peer, CompletableFuture<Boolean> answer) {
        Outstanding check = outstanding.get(peer);
        if (check != null && check.answer() == answer) {
            outstanding.remove(peer);
        }
        answer.complete(false);
    }

    private record Outstanding(long number, CompletableFuture<Boolean> answer) {
    }
}
