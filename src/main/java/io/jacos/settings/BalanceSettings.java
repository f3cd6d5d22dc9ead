package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/** Draining a stopping node, rebalancing connections across the server cluster, and handing clients off. Times in ms. */
@ApplicationScoped
public class BalanceSettings {

    public static final Setting DRAIN_TIMEOUT = new Setting("jacos.cluster.drain-timeout", "10000");
    public static final Setting REBALANCE_ENABLED = new Setting("jacos.cluster.rebalance-enabled", "true");
    public static final Setting REBALANCE_INTERVAL = new Setting("jacos.cluster.rebalance-interval", "5000");
    public static final Setting REBALANCE_RATIO = new Setting("jacos.cluster.rebalance-ratio", "0.2");
    public static final Setting REBALANCE_RATE = new Setting("jacos.cluster.rebalance-rate", "10");
    public static final Setting HANDOFF_GRACE = new Setting("jacos.cluster.handoff-grace", "10000");

    static final List<Setting> SETTINGS = List.of(DRAIN_TIMEOUT, REBALANCE_ENABLED, REBALANCE_INTERVAL,
            REBALANCE_RATIO, REBALANCE_RATE, HANDOFF_GRACE);

    private long drainTimeoutMillis;
    private boolean rebalanceEnabled;
    private long rebalanceIntervalMillis;
    private double rebalanceRatio;
    private double rebalanceRatePerSecond;
    private long handoffGraceMillis;

    /** Nothing read, every value zero or false: for the container's proxy, and tests that override what they use. */
    public BalanceSettings() {
    }

    @Inject
    public BalanceSettings(Config config) {
        drainTimeoutMillis = DRAIN_TIMEOUT.longValue(config);
        rebalanceEnabled = REBALANCE_ENABLED.booleanValue(config);
        rebalanceIntervalMillis = REBALANCE_INTERVAL.longValue(config);
        rebalanceRatio = REBALANCE_RATIO.doubleValue(config);
        rebalanceRatePerSecond = REBALANCE_RATE.doubleValue(config);
        handoffGraceMillis = HANDOFF_GRACE.longValue(config);
    }

    /** How long a stopping node waits for its connections to move before the gRPC server stops anyway. */
    public long drainTimeoutMillis() {
        return drainTimeoutMillis;
    }

    public boolean rebalanceEnabled() {
        return rebalanceEnabled;
    }

    public long rebalanceIntervalMillis() {
        return rebalanceIntervalMillis;
    }

    /** How far above the cluster's mean a node's connection count may be before some are asked to move. */
    public double rebalanceRatio() {
        return rebalanceRatio;
    }

    /** Connections asked to move per second at most. */
    public double rebalanceRatePerSecond() {
        return rebalanceRatePerSecond;
    }

    /** How long a client asked to move keeps its instances after its old connection closes. */
    public long handoffGraceMillis() {
        return handoffGraceMillis;
    }
}
