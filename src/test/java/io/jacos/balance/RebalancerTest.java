package io.jacos.balance;

import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.DrainMark;
import io.jacos.cluster.NodeReports.NodeReport;
import io.jacos.cluster.NodeReports;
import io.jacos.cluster.PeerCatchUp;
import io.jacos.model.NodeId;
import io.jacos.settings.BalanceSettings;
import io.jacos.testing.FixedMembers;
import io.jacos.testing.RecordingEvent;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A rebalance round moves this node's newest connections, and does not ask the same ones again meanwhile. */
class RebalancerTest {

    private static final NodeId SELF = new NodeId("10.0.0.1", 8848);
    private static final NodeId EMPTY = new NodeId("10.0.0.2", 8848);

    private final SteppedClock clock = new SteppedClock(1_000_000);
    private final FakeHandoff handoff = new FakeHandoff().with(10);
    private final Rebalancer rebalancer = rebalancer(new FixedMembers(SELF, List.of(SELF, EMPTY)),
            new DrainMark(new RecordingEvent<>()));
    /** The empty peer, heard from just now. */
    private final NodeReports reports = node -> Optional.of(new NodeReport(1, 0, 0, true, clock.millis()));
    /** Every peer asked confirms it holds what this node sent it. */
    private final PeerCatchUp allCaughtUp = (peers, waitMillis) -> Set.copyOf(peers);

    /** Rounds of one second, moving past 20 % over the average, at most 3 connections a second. */
    private Rebalancer rebalancer(ClusterMembers members, DrainMark drainMark) {
        BalanceSettings settings = new BalanceSettings() {
            @Override
            public long rebalanceIntervalMillis() {
                return 1000;
            }

            @Override
            public double rebalanceRatio() {
                return 0.2;
            }

            @Override
            public double rebalanceRatePerSecond() {
                return 3;
            }
        };
        return new Rebalancer(settings, members, null, null, handoff, clock, drainMark);
    }

    @Test
    void theNewestConnectionsMoveFirstUpToTheRate() {
        assertEquals(3, rebalancer.rebalance(reports, allCaughtUp));
        assertEquals(Map.of("c9", EMPTY, "c8", EMPTY, "c7", EMPTY), handoff.moves);
    }

    /** A client still registering and subscribing could mark one done over the connection it left: it stays. */
    @Test
    void connectionsInTheirFirstSecondsStayAndTheNextNewestGo() {
        handoff.young.addAll(List.of("c9", "c8"));

        assertEquals(3, rebalancer.rebalance(reports, allCaughtUp));
        assertEquals(Map.of("c7", EMPTY, "c6", EMPTY, "c5", EMPTY), handoff.moves);
    }

    @Test
    void connectionsAskedToMoveAreNotCountedOrAskedAgainUntilThreeIntervalsPassed() {
        rebalancer.rebalance(reports, allCaughtUp);
        handoff.moves.clear();

        clock.advance(1000);
        // 7 movable against an empty peer: average 3.5, 3.5 over, capped at 3
        assertEquals(3, rebalancer.rebalance(reports, allCaughtUp));
        assertEquals(Map.of("c6", EMPTY, "c5", EMPTY, "c4", EMPTY), handoff.moves);
        handoff.moves.clear();

        clock.advance(2001);
        // the first three never left: their asks expired, so they count and are the newest again
        assertEquals(3, rebalancer.rebalance(reports, allCaughtUp));
        assertEquals(Map.of("c9", EMPTY, "c8", EMPTY, "c7", EMPTY), handoff.moves);
    }

    @Test
    void aStandaloneNodeNeverRebalances() {
        assertEquals(0, rebalancer(FixedMembers.standalone(), new DrainMark(new RecordingEvent<>()))
                .rebalance(reports, allCaughtUp));
        assertTrue(handoff.moves.isEmpty());
    }

    @Test
    void aDrainedPeerIsSentNothing() {
        NodeReports drainedPeer = node -> Optional.of(new NodeReport(1, 0, 0, true, clock.millis(), true));
        assertEquals(0, rebalancer.rebalance(drainedPeer, allCaughtUp));
        assertTrue(handoff.moves.isEmpty());
    }

    @Test
    void aNodeHoldingADepartedNodesCopiesMovesNothing() {
        NodeReports afterACut = new NodeReports() {
            @Override
            public Optional<NodeReport> report(NodeId node) {
                return reports.report(node);
            }

            @Override
            public boolean whole() {
                return false;
            }
        };
        assertEquals(0, rebalancer.rebalance(afterACut, allCaughtUp));
        assertTrue(handoff.moves.isEmpty());
        assertTrue(rebalancer.rebalance(reports, allCaughtUp) > 0, "and moves once the copies are gone");
    }

    @Test
    void aPeerThatDoesNotConfirmItCaughtUpIsSentNothingAndAPeerThatDoesIs() {
        List<NodeId> asked = new ArrayList<>();
        PeerCatchUp silent = (peers, waitMillis) -> {
            asked.addAll(peers);
            return Set.of();
        };
        assertEquals(0, rebalancer.rebalance(reports, silent));
        assertEquals(List.of(EMPTY), asked, "the round asked its one target");
        assertTrue(handoff.moves.isEmpty());
        assertEquals(3, rebalancer.rebalance(reports, allCaughtUp), "nothing was counted as asked to move");
    }

    @Test
    void aDrainedNodeMovesNothingByRebalancing() {
        DrainMark drained = new DrainMark(new RecordingEvent<>()) {
            @Override
            public boolean drained() {
                return true;
            }
        };
        assertEquals(0, rebalancer(new FixedMembers(SELF, List.of(SELF, EMPTY)), drained).rebalance(reports, allCaughtUp));
        assertTrue(handoff.moves.isEmpty());
    }

    /** An operator's pass with its own ratio (Nacos 3's loaderFactor) instead of the setting's. */
    @Test
    void aPassWithAWiderRatioLeavesAModestExcessInPlace() {
        // 10 here, 6 there: 8 on average, 10 is 25 % over it.
        NodeReports six = node -> Optional.of(new NodeReport(1, 6, 0, true, clock.millis()));
        assertEquals(0, rebalancer.rebalance(six, allCaughtUp, new RebalancePlan.Rules(1000, 0.5, 3)));
        assertTrue(handoff.moves.isEmpty());
        assertTrue(rebalancer.rebalance(six, allCaughtUp, new RebalancePlan.Rules(1000, 0.1, 3)) > 0, handoff.moves.toString());
    }
}
