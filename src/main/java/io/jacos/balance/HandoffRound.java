package io.jacos.balance;

import io.jacos.application.ConnectionHandoff;
import io.jacos.model.NodeId;

import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One handoff round: asks every connection to move to a peer, round-robin over the peers of the view (starting at this
 * node's own place in it, so nodes stopping together do not all pick the first peer), then waits until the
 * connections are gone or the timeout passed. Connections that register while it waits are asked too.
 */
final class HandoffRound {

    /** How often the wait looks at the connection count. */
    static final long POLL_MILLIS = 100;

    /** Waits a little; the real one sleeps (shutdown code), tests move their clock. */
    interface Pause {
        void pause(long millis) throws InterruptedException;
    }

    private final ConnectionHandoff handoff;
    private final Clock clock;
    private final Pause pause;
    private final Set<String> asked = new HashSet<>();
    private int next;

    HandoffRound(ConnectionHandoff handoff, Clock clock, Pause pause) {
        this.handoff = handoff;
        this.clock = clock;
        this.pause = pause;
    }

    /** Returns how many connections were still here when it stopped waiting (0 when all moved). */
    int run(NodeId self, List<NodeId> members, long timeoutMillis) {
        List<NodeId> peers = members.stream().filter(node -> !node.equals(self)).toList();
        if (peers.isEmpty()) {
            return handoff.connectionCount();
        }
        next = Math.max(0, members.indexOf(self));
        long deadline = clock.millis() + timeoutMillis;
        askAll(peers);
        while (handoff.connectionCount() > 0) {
            long left = deadline - clock.millis();
            if (left <= 0) {
                break;
            }
            try {
                pause.pause(Math.min(POLL_MILLIS, left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            askAll(peers);
        }
        return handoff.connectionCount();
    }

    private void askAll(List<NodeId> peers) {
        for (String id : handoff.connectionIds()) {
            if (asked.add(id)) {
                handoff.moveTo(id, peers.get(next++ % peers.size()));
            }
        }
    }
}
