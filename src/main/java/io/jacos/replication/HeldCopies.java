package io.jacos.replication;

import io.jacos.model.ClientId;
import io.jacos.model.NodeId;
import io.jacos.replication.ReplicationMessage.ClientCopy;
import io.jacos.replication.ReplicationMessage.ClientGone;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/** The {@link ReplicaBook}'s copies by client id, with the bulk operations its rules need. Thread-confined. */
final class HeldCopies {

    private final Map<ClientId, HeldCopy> byClient = new HashMap<>();

    HeldCopy get(ClientId client) {
        return byClient.get(client);
    }

    void put(ClientId client, HeldCopy copy) {
        byClient.put(client, copy);
    }

    boolean remove(ClientId client) {
        return byClient.remove(client) != null;
    }

    int size() {
        return byClient.size();
    }

    void updateAll(UnaryOperator<HeldCopy> update) {
        byClient.replaceAll((client, copy) -> update.apply(copy));
    }

    /** Forgets and returns the copies of {@code owner}'s {@code epoch} that are not {@code listed}. */
    List<ClientId> dropUnlisted(NodeId owner, long epoch, Set<ClientId> listed) {
        List<ClientId> dropped = new ArrayList<>();
        byClient.entrySet().removeIf(entry -> entry.getValue().isOf(owner, epoch)
                && !listed.contains(entry.getKey()) && dropped.add(entry.getKey()));
        return dropped;
    }

    /** Whether any copy runs towards a deadline: its owner left the view, or restarted. */
    boolean anyExpiring() {
        return byClient.values().stream().anyMatch(HeldCopy::hasDeadline);
    }

    /** Forgets and returns the copies whose deadline is at or before {@code nowMillis}. */
    List<ClientId> dropDue(long nowMillis) {
        List<ClientId> dropped = new ArrayList<>();
        byClient.entrySet().removeIf(entry -> entry.getValue().deadlineMillis() <= nowMillis
                && dropped.add(entry.getKey()));
        return dropped;
    }

    /** Whether any of {@code revisions} is missing here, or held older than the owner's epoch and revision. */
    boolean lacksAny(NodeId owner, long epoch, Map<ClientId, Long> revisions) {
        return revisions.entrySet().stream().anyMatch(listed -> {
            HeldCopy held = byClient.get(listed.getKey());
            return held == null || held.isOlderThan(owner, epoch, listed.getValue());
        });
    }

    Map<ClientId, HeldCopy> of(Set<NodeId> owners) {
        Map<ClientId, HeldCopy> held = new HashMap<>();
        byClient.forEach((client, copy) -> {
            if (owners.contains(copy.owner())) {
                held.put(client, copy);
            }
        });
        return held;
    }

    /** The {@link ReplicaBook#onRelayed} rule: newer copies replace held ones, removals at or above them drop them. */
    RelayPlan takeRelayed(ReplicationMessage.Relayed relayed, GoneCopies gone) {
        List<ClientCopy> apply = new ArrayList<>();
        for (ClientCopy copy : relayed.copies()) {
            HeldCopy held = byClient.get(copy.snapshot().id());
            if (held != null && held.isOf(copy.owner(), copy.epoch()) && held.revision() < copy.revision()
                    && copy.owner().address().equals(copy.snapshot().owner())) {
                byClient.put(copy.snapshot().id(), new HeldCopy(copy.owner(), copy.epoch(), copy.revision(),
                        held.deadlineMillis()));
                apply.add(copy);
            }
        }
        List<ClientGone> remove = new ArrayList<>();
        for (ClientGone removal : relayed.gone()) {
            HeldCopy held = byClient.get(removal.client());
            if (held != null && held.isOf(removal.owner(), removal.epoch()) && held.revision() <= removal.revision()) {
                byClient.remove(removal.client());
                gone.record(removal);
                remove.add(removal);
            }
        }
        return new RelayPlan(apply, remove);
    }

    Set<NodeId> owners() {
        Set<NodeId> owners = new HashSet<>();
        byClient.values().forEach(copy -> owners.add(copy.owner()));
        return owners;
    }

    int count(NodeId owner, long epoch) {
        return (int) byClient.values().stream().filter(copy -> copy.isOf(owner, epoch)).count();
    }
}
