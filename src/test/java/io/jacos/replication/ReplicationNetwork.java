package io.jacos.replication;

import io.jacos.model.NodeId;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;

/**
 * Carries bytes between {@link ReplicationNode}s when pumped; a node can be cut off to lose what is sent to it, or
 * have it held back, in order, to be delivered one message at a time.
 */
final class ReplicationNetwork {

    private record Packet(NodeId from, NodeId to, byte[] payload) {
    }

    private final Map<NodeId, ReplicationNode> nodes = new HashMap<>();
    private final Queue<Packet> inFlight = new ArrayDeque<>();
    private final Set<NodeId> unreachable = new HashSet<>();
    private final Set<List<NodeId>> cutLinks = new HashSet<>();
    private final Map<NodeId, Queue<Packet>> held = new HashMap<>();

    /** Nodes of {@code ids}, joined to this network and past their first view, which holds them all. */
    List<ReplicationNode> startInOneView(java.time.Clock clock, NodeId... ids) {
        List<NodeId> members = List.of(ids);
        List<ReplicationNode> started = members.stream()
                .map(id -> new ReplicationNode(id, members, clock, this)).toList();
        started.forEach(node -> {
            join(node);
            node.install(1, members);
        });
        pump();
        return started;
    }

    void join(ReplicationNode node) {
        nodes.put(node.id, node);
    }

    boolean send(NodeId from, NodeId to, byte[] payload) {
        if (!nodes.containsKey(to)) {
            return false;
        }
        if (!unreachable.contains(to) && !cutLinks.contains(List.of(from, to))) {
            held.getOrDefault(to, inFlight).add(new Packet(from, to, payload));
        }
        return true;
    }

    void cutOff(NodeId node) {
        unreachable.add(node);
    }

    /** Loses what {@code from} sends to {@code to}, and only that: a cut that has reached one link of several. */
    void cut(NodeId from, NodeId to) {
        cutLinks.add(List.of(from, to));
    }

    void heal(NodeId from, NodeId to) {
        cutLinks.remove(List.of(from, to));
    }

    void reconnect(NodeId node) {
        unreachable.remove(node);
    }

    /** Keeps what is sent to {@code node} from now on until {@link #deliverOneHeld} hands it over. */
    void hold(NodeId node) {
        held.putIfAbsent(node, new ArrayDeque<>());
    }

    /** Delivers the oldest message held for {@code node}, then pumps; false when none is held. */
    boolean deliverOneHeld(NodeId node) {
        Packet packet = held.getOrDefault(node, new ArrayDeque<>()).poll();
        if (packet == null) {
            return false;
        }
        nodes.get(packet.to()).deliver(packet.from(), packet.payload());
        pump();
        return true;
    }

    /** Runs senders and delivers messages until nothing is left to do. */
    void pump() {
        boolean busy = true;
        while (busy) {
            busy = false;
            for (ReplicationNode node : nodes.values()) {
                busy |= node.worker.runPending();
            }
            Packet packet;
            while ((packet = inFlight.poll()) != null) {
                nodes.get(packet.to()).deliver(packet.from(), packet.payload());
                busy = true;
            }
        }
    }
}
