package io.jacos.balance;

import io.jacos.settings.BalanceSettings;
import io.jacos.model.NodeId;
import io.jacos.testing.FixedMembers;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The graceful leave drains only in cluster mode, and only once. */
class HandoffOnLeaveTest {

    private static final NodeId SELF = new NodeId("10.0.0.1", 8848);
    private static final NodeId PEER = new NodeId("10.0.0.2", 8848);

    private final FakeHandoff handoff = new FakeHandoff().with(2);

    {
        handoff.clientsLeaveWhenAsked = true;
    }

    private HandoffOnLeave leave(FixedMembers members) {
        return new HandoffOnLeave(members, handoff, new BalanceSettings(), new SteppedClock(0),
                new io.jacos.cluster.ClusterChannel() {
                    @Override
                    public void shutDown() {
                        // No channel here: only the handoff's moves are under test.
                    }
                });
    }

    @Test
    void aClusterNodeMovesItsConnectionsToItsPeersOnce() {
        HandoffOnLeave drain = leave(new FixedMembers(SELF, List.of(SELF, PEER)));
        drain.leave();
        assertEquals(Map.of("c0", PEER, "c1", PEER), handoff.moves);

        handoff.with(1);
        drain.leave();
        assertEquals(2, handoff.moves.size(), "a second stop call does nothing");
    }

    @Test
    void aStandaloneNodeJustStops() {
        leave(FixedMembers.standalone()).leave();
        assertTrue(handoff.moves.isEmpty());
        assertEquals(2, handoff.connectionCount());
    }
}
