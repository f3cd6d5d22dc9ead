package io.jacos.balance;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Settings of draining and rebalancing, read through MicroProfile Config like
 * the shared settings of {@code io.jacos.settings}; kept apart because only this package reads them. Times in ms.
 */
@ApplicationScoped
public class BalanceSettings {

    @Inject @ConfigProperty(name = "jacos.cluster.drain-timeout", defaultValue = "10000")
    long drainTimeoutMillis;
    @Inject @ConfigProperty(name = "jacos.cluster.rebalance-enabled", defaultValue = "true")
    boolean rebalanceEnabled;
    @Inject @ConfigProperty(name = "jacos.cluster.rebalance-interval", defaultValue = "5000")
    long rebalanceIntervalMillis;
    @Inject @ConfigProperty(name = "jacos.cluster.rebalance-ratio", defaultValue = "0.2")
    double rebalanceRatio;
    @Inject @ConfigProperty(name = "jacos.cluster.rebalance-rate", defaultValue = "10")
    double rebalanceRatePerSecond;

    /** How long a stopping node waits for its connections to move before the gRPC server stops anyway. */
    public long drainTimeoutMillis() {
        return drainTimeoutMillis;
    }

    public boolean rebalanceEnabled() {
        return rebalanceEnabled;
    }

    public RebalancePlan.Rules rebalanceRules() {
        return new RebalancePlan.Rules(rebalanceIntervalMillis, rebalanceRatio, rebalanceRatePerSecond);
    }
}
