package io.jacos.balance;

import io.jacos.balance.RebalancePlan.Move;
import io.jacos.balance.RebalancePlan.Rules;
import io.jacos.cluster.NodeReports.NodeReport;
import io.jacos.model.NodeId;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Who moves how many connections where, from the members' connection counts. */
class RebalancePlanTest {

    private static final long NOW = 1_000_000;
    /** The defaults: every 5 s, 20 % over the average, 10 connections a second. */
    private static final Rules RULES = new Rules(5000, 0.2, 10);

    private static final NodeId SELF = new NodeId("10.0.0.1", 8848);
    private static final NodeId B = new NodeId("10.0.0.2", 8848);
    private static final NodeId C = new NodeId("10.0.0.3", 8848);
    private static final List<NodeId> VIEW = List.of(SELF, B, C);

    private final Map<NodeId, NodeReport> reports = new HashMap<>();

    private void heard(NodeId node, int connections) {
        reports.put(node, new NodeReport(1, connections, connections, true, NOW - 1000));
    }

    private List<Move> plan(int own) {
        return plan(own, RULES);
    }

    private List<Move> plan(int own, Rules rules) {
        return RebalancePlan.moves(SELF, own, VIEW, node -> Optional.ofNullable(reports.get(node)), NOW, rules);
    }

    @Test
    void aBalancedClusterMovesNothing() {
        heard(B, 100);
        heard(C, 100);
        assertEquals(List.of(), plan(100));
        assertEquals(List.of(), plan(110), "10 % over the average is within the ratio");
    }

    @Test
    void aNewEmptyNodeReceivesTheExcessOverTheAverage() {
        heard(B, 30);
        heard(C, 0);
        // average 20: this node is 10 over, all of it goes to the only node below the average
        assertEquals(List.of(new Move(C, 10)), plan(30));
    }

    @Test
    void theExcessIsSplitByHowFarEachNodeIsBelowTheAverage() {
        heard(B, 0);
        heard(C, 15);
        // average 15: 15 over; B is 15 below, C at the average and gets none
        assertEquals(List.of(new Move(B, 15)), plan(30, new Rules(5000, 0.2, 100)));
        heard(C, 6);
        // average 12: 18 over; B 12 below, C 6 below: two thirds and one third
        assertEquals(List.of(new Move(B, 12), new Move(C, 6)), plan(30, new Rules(5000, 0.2, 100)));
    }

    @Test
    void aNodeMovesOnlyWhenMoreThanTheRatioOverTheAverage() {
        heard(B, 10);
        heard(C, 8);
        assertEquals(List.of(), plan(12), "12 is exactly 20 % over the average of 10");
        heard(C, 7);
        assertEquals(List.of(new Move(C, 3)), plan(13), "13 is 30 % over the average of 10");
    }

    @Test
    void anExcessOfOneConnectionIsNotWorthAMove() {
        heard(B, 1);
        heard(C, 2);
        assertEquals(List.of(), plan(3), "50 % over the average of 2, but one connection");
    }

    @Test
    void theRateCapsOneRound() {
        heard(B, 0);
        heard(C, 0);
        // average 100: 200 over; 10 a second for 5 s allows 50, split evenly
        assertEquals(List.of(new Move(B, 25), new Move(C, 25)), plan(300));
        assertEquals(List.of(new Move(B, 2), new Move(C, 1)), plan(300, new Rules(1000, 0.2, 3)),
                "an odd remainder goes to the first node in the view");
    }

    @Test
    void aMissingStaleOrUnsyncedReportStopsTheRound() {
        heard(B, 0);
        assertEquals(List.of(), plan(300), "C never reported");

        reports.put(C, new NodeReport(1, 0, 0, true, NOW - 3 * 5000 - 1));
        assertEquals(List.of(), plan(300), "C's report is older than three intervals");

        reports.put(C, new NodeReport(1, 0, 0, false, NOW));
        assertEquals(List.of(), plan(300), "C has not sent its full snapshot yet");

        reports.put(C, new NodeReport(1, 0, 0, true, NOW - 3 * 5000));
        assertEquals(List.of(new Move(B, 25), new Move(C, 25)), plan(300));
    }

    @Test
    void aNodeAloneMovesNothing() {
        assertEquals(List.of(), RebalancePlan.moves(SELF, 100, List.of(SELF), node -> Optional.empty(), NOW, RULES));
    }
}
