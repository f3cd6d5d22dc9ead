package io.jacos.balance;

import io.jacos.model.NodeId;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stopping node asks every connection to move to a peer and waits, bounded, until they are gone. */
class HandoffRoundTest {

    private static final NodeId A = new NodeId("10.0.0.1", 8848);
    private static final NodeId B = new NodeId("10.0.0.2", 8848);
    private static final NodeId C = new NodeId("10.0.0.3", 8848);

    private final SteppedClock clock = new SteppedClock(1_000_000);
    private final FakeHandoff handoff = new FakeHandoff();
    private long paused;

    private HandoffRound drain(Runnable duringPause) {
        return new HandoffRound(handoff, clock, millis -> {
            paused += millis;
            clock.advance(millis);
            duringPause.run();
        });
    }

    @Test
    void connectionsGoRoundRobinToThePeersAndTheDrainEndsWhenTheyAreGone() {
        handoff.with(4).clientsLeaveWhenAsked = true;

        assertEquals(0, drain(() -> { }).run(B, List.of(A, B, C), 10_000));

        // B is second in the view, so it starts with the second peer
        assertEquals(Map.of("c0", C, "c1", A, "c2", C, "c3", A), handoff.moves);
        assertEquals(0, paused, "no wait when every client left at once");
    }

    @Test
    void theWaitEndsAtTheTimeoutWithTheClientsThatDidNotMove() {
        handoff.with(3);

        assertEquals(3, drain(() -> { }).run(A, List.of(A, B), 1_050));

        assertEquals(1_050, paused);
        assertEquals(3, handoff.moves.size(), "each was asked once");
        assertTrue(handoff.moves.values().stream().allMatch(B::equals));
    }

    @Test
    void aConnectionThatArrivesWhileDrainingIsAskedToo() {
        handoff.with(1);
        Runnable clientsMove = () -> {
            if (handoff.connections.size() == 1 && !handoff.connections.contains("late")) {
                handoff.connections.add("late");
            } else {
                handoff.connections.removeAll(handoff.moves.keySet());
            }
        };

        assertEquals(0, drain(clientsMove).run(A, List.of(A, B), 10_000));

        assertEquals(Map.of("c0", B, "late", B), handoff.moves);
    }

    @Test
    void aNodeAloneInItsViewAsksNoOne() {
        handoff.with(2);
        assertEquals(2, drain(() -> { }).run(A, List.of(A), 10_000));
        assertTrue(handoff.moves.isEmpty());
        assertEquals(0, paused);
    }
}
