package io.jacos.balance;

import io.jacos.settings.BalanceSettings;
import io.jacos.application.ConnectionHandoff;
import io.jacos.cluster.ClusterMembers;
import io.jacos.cluster.DrainMark;
import io.jacos.cluster.NodeReports;
import io.jacos.cluster.PeerCatchUp;
import io.jacos.model.NodeId;
import io.jacos.task.Periodic;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.logging.Logger;

/**
 * Every rebalance interval, in cluster mode, moves this node's excess connections to the least-loaded peers as
 * {@link RebalancePlan} decides. It moves its <em>newest</em> connections first (last registered), but none
 * younger than {@link #SETTLE_MILLIS}: long-lived connections stay put. A
 * connection asked to move is neither counted nor asked again for three intervals (the client reconnects in
 * well under one); after that it counts again.
 * Drained nodes ({@link DrainMark}, this one or a peer whose report says so) are left out: a drained node moves
 * nothing by rebalancing and is sent nothing. Nor does a node move any while it holds a departed or restarted
 * node's copies ({@link NodeReports#whole()}): rebalancing can wait, a subscriber moved between two nodes that
 * stopped hearing a cut-off node at different times cannot unsee what it was shown. For the same reason a peer is
 * sent connections only once it confirmed it has read all this node replicated to it ({@link PeerCatchUp}): a
 * link can stop carrying this node's messages while the peer's still arrive, and the peer then lacks this node's
 * last removals until its view drops this node. Without {@link NodeReports} (replication not deployed) it does
 * nothing.
 */
@Singleton
public class Rebalancer {

    private static final Logger LOG = Logger.getLogger(Rebalancer.class.getName());
    /**
     * A connection this young is not moved: its first seconds are its application's registrations and
     * subscriptions, and the 2.x client marks one done when its answer comes, even over the connection it has just
     * left, and then never redoes it on the new one.
     */
    static final long SETTLE_MILLIS = 10_000;
    /**
     * How long a round waits for its targets to confirm they caught up: a round trip, plus what the peer's applier
     * has queued. A peer slower than that is not sent connections this round.
     */
    static final long CATCH_UP_WAIT_MILLIS = 2_000;

    @Resource
    ManagedScheduledExecutorService scheduler;
    private final BalanceSettings settings;
    private final ClusterMembers members;
    private final Instance<NodeReports> reports;
    private final Instance<PeerCatchUp> catchUp;
    private final ConnectionHandoff handoff;
    private final Clock clock;
    private final DrainMark drainMark;

    /** Connections asked to move, with when. */
    private final Map<String, Long> asked = new ConcurrentHashMap<>();
    private ScheduledFuture<?> schedule;

    /** For the EJB container. */
    public Rebalancer() {
        this(null, null, null, null, null, null, null);
    }

    @Inject
    public Rebalancer(BalanceSettings settings, ClusterMembers members, Instance<NodeReports> reports,
                      Instance<PeerCatchUp> catchUp, ConnectionHandoff handoff, Clock clock, DrainMark drainMark) {
        this.settings = settings;
        this.members = members;
        this.reports = reports;
        this.catchUp = catchUp;
        this.handoff = handoff;
        this.clock = clock;
        this.drainMark = drainMark;
    }

    public void start() {
        if (settings.rebalanceEnabled()) {
            schedule = Periodic.every(scheduler, settings.rebalanceIntervalMillis(), "Connection rebalance",
                    this::tick);
        }
    }

    public void stop() {
        if (schedule != null) {
            schedule.cancel(false);
        }
    }

    void tick() {
        rebalanceNow();
    }

    /** One round now (the admin API's rebalance); returns how many connections were asked to move. */
    public int rebalanceNow() {
        return replicating() ? rebalance(reports.get(), catchUp.get()) : 0;
    }

    /**
     * One round now with another {@code ratio} than the operator's setting (Nacos 3's {@code loaderFactor}: how far
     * above the average, as a fraction of it, this node may be before it moves any); the interval and rate stay.
     */
    public int rebalanceNow(double ratio) {
        if (!replicating()) {
            return 0;
        }
        RebalancePlan.Rules set = RebalancePlan.Rules.of(settings);
        return rebalance(reports.get(), catchUp.get(),
                new RebalancePlan.Rules(set.intervalMillis(), ratio, set.ratePerSecond()));
    }

    private boolean replicating() {
        return members.clusterMode() && reports.isResolvable() && catchUp.isResolvable();
    }

    /** One round; returns how many connections were asked to move. */
    int rebalance(NodeReports known, PeerCatchUp confirmations) {
        return rebalance(known, confirmations, RebalancePlan.Rules.of(settings));
    }

    int rebalance(NodeReports known, PeerCatchUp confirmations, RebalancePlan.Rules rules) {
        long now = clock.millis();
        List<String> ids = handoff.connectionIds();
        asked.keySet().retainAll(ids);
        asked.values().removeIf(at -> now - at > rules.freshnessMillis());
        List<String> movable = new ArrayList<>(ids);
        movable.removeAll(asked.keySet());
        NodeId self = members.self();
        if (drainMark.drained() || !known.whole()) {
            return 0;
        }
        List<NodeId> takers = members.members().stream().filter(node -> node.equals(self)
                || !known.report(node).map(NodeReports.NodeReport::drained).orElse(false)).toList();
        List<RebalancePlan.Move> plan = RebalancePlan.moves(self, movable.size(), takers, known::report,
                now, rules);
        if (plan.isEmpty()) {
            return 0;
        }
        Set<NodeId> ready = confirmations.caughtUp(plan.stream().map(RebalancePlan.Move::target).toList(),
                CATCH_UP_WAIT_MILLIS);
        List<String> settled = new ArrayList<>(handoff.connectionIds(now - SETTLE_MILLIS));
        settled.retainAll(new HashSet<>(movable));
        int moved = 0;
        int newest = settled.size() - 1;
        for (RebalancePlan.Move move : plan) {
            if (!ready.contains(move.target())) {
                LOG.info(() -> "Rebalance: " + move.target() + " did not confirm it holds what this node sent it;"
                        + " no connections moved there this round");
                continue;
            }
            for (int i = 0; i < move.connections() && newest >= 0; i++) {
                String id = settled.get(newest--);
                asked.put(id, now);
                if (handoff.moveTo(id, move.target())) {
                    moved++;
                }
            }
        }
        if (moved > 0) {
            int count = moved;
            LOG.info(() -> "Rebalance: asked " + count + " of " + ids.size() + " connections to move: " + plan);
        }
        return moved;
    }
}
