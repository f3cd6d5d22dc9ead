package io.jacos.balance;

import io.jacos.cluster.NodeReports.NodeReport;
import io.jacos.model.NodeId;
import io.jacos.settings.BalanceSettings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * How many of this node's connections to move, and where, in one rebalance round. Pure: it sees the members'
 * connection counts and nothing else.
 * <p>
 * This node moves connections only when its count exceeds the cluster average by more than {@code ratio} of the
 * average <em>and</em> by at least {@link #MIN_EXCESS} connections; then it moves its excess over the average
 * (whole connections), at most {@code ratePerSecond × interval} per round. The moves go to the members below
 * the average, in proportion to how far below they are (largest remainders, ties to the earlier member in the
 * sorted view), so every node computes the same split. No plan at all while any peer's report is missing, not
 * synced, or older than {@link Rules#freshnessMillis()}: a node that cannot be seen is not guessed at.
 */
public final class RebalancePlan {

    /** Below this excess a move only trades one imbalance for another. */
    static final int MIN_EXCESS = 2;

    private RebalancePlan() {
    }

    /**
     * @param intervalMillis one round's period; reports older than three rounds count as missing
     * @param ratio          how far above the average (as a fraction of it) a node may be before it moves any
     * @param ratePerSecond  most connections moved per second of interval
     */
    public record Rules(long intervalMillis, double ratio, double ratePerSecond) {

        public Rules {
            if (intervalMillis <= 0 || ratio < 0 || ratePerSecond < 0 || Double.isNaN(ratio)
                    || Double.isNaN(ratePerSecond)) {
                throw new IllegalArgumentException("bad rebalance rules " + intervalMillis + "/" + ratio + "/"
                        + ratePerSecond);
            }
        }

        /** The rules the operator set. */
        public static Rules of(BalanceSettings settings) {
            return new Rules(settings.rebalanceIntervalMillis(), settings.rebalanceRatio(),
                    settings.rebalanceRatePerSecond());
        }

        public int maxMovesPerRound() {
            return (int) Math.min(Integer.MAX_VALUE, Math.floor(ratePerSecond * intervalMillis / 1000.0));
        }

        public long freshnessMillis() {
            return 3 * intervalMillis;
        }
    }

    /** Move {@code connections} of this node's connections to {@code target}. */
    public record Move(NodeId target, int connections) {
    }

    /**
     * @param own      this node's movable connections (its table, less those already asked to move)
     * @param members  the current view, this node included, sorted
     * @param reports  what replication last heard from each node
     */
    public static List<Move> moves(NodeId self, int own, List<NodeId> members,
                                   Function<NodeId, Optional<NodeReport>> reports, long nowMillis, Rules rules) {
        if (members.size() < 2 || !members.contains(self)) {
            return List.of();
        }
        Map<NodeId, Integer> counts = new LinkedHashMap<>();
        for (NodeId member : members) {
            if (member.equals(self)) {
                counts.put(member, own);
                continue;
            }
            Optional<NodeReport> report = reports.apply(member).filter(r -> isCurrent(r, nowMillis, rules));
            if (report.isEmpty()) {
                return List.of();
            }
            counts.put(member, report.get().connections());
        }
        double average = counts.values().stream().mapToLong(Integer::longValue).sum() / (double) counts.size();
        double excess = own - average;
        if (own <= average * (1 + rules.ratio()) || excess < MIN_EXCESS) {
            return List.of();
        }
        int toMove = (int) Math.min(Math.floor(excess), rules.maxMovesPerRound());
        return toMove <= 0 ? List.of() : split(toMove, counts, average);
    }

    private static boolean isCurrent(NodeReport report, long nowMillis, Rules rules) {
        return report.synced() && nowMillis - report.heardAtMillis() <= rules.freshnessMillis();
    }

    /** {@code toMove} over the members below the average, by their shortfall, largest remainders first. */
    private static List<Move> split(int toMove, Map<NodeId, Integer> counts, double average) {
        List<NodeId> receivers = counts.keySet().stream().filter(node -> counts.get(node) < average).toList();
        double shortfall = receivers.stream().mapToDouble(node -> average - counts.get(node)).sum();
        Map<NodeId, Integer> shares = new LinkedHashMap<>();
        Map<NodeId, Double> remainders = new LinkedHashMap<>();
        int given = 0;
        for (NodeId node : receivers) {
            double exact = toMove * (average - counts.get(node)) / shortfall;
            int share = (int) Math.floor(exact);
            shares.put(node, share);
            remainders.put(node, exact - share);
            given += share;
        }
        List<NodeId> byRemainder = new ArrayList<>(receivers);
        byRemainder.sort(Comparator.comparing((NodeId node) -> remainders.get(node)).reversed());
        for (int i = 0; given < toMove; i++, given++) {
            shares.merge(byRemainder.get(i % byRemainder.size()), 1, Integer::sum);
        }
        return shares.entrySet().stream().filter(e -> e.getValue() > 0).map(e -> new Move(e.getKey(), e.getValue()))
                .toList();
    }
}
