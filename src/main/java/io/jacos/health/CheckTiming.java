package io.jacos.health;

import io.jacos.model.HealthCheck;

/** The times and thresholds that apply to one target: its cluster's values, the server's where the cluster has 0. */
record CheckTiming(long intervalMillis, long timeoutMillis, int unhealthyThreshold, int healthyThreshold) {

    static CheckTiming of(HealthCheck check, HealthLimits server) {
        return new CheckTiming(
                check.intervalMillis() > 0 ? check.intervalMillis() : server.intervalMillis(),
                check.timeoutMillis() > 0 ? check.timeoutMillis() : server.timeoutMillis(),
                check.unhealthyThreshold() > 0 ? check.unhealthyThreshold() : server.unhealthyThreshold(),
                check.healthyThreshold() > 0 ? check.healthyThreshold() : server.healthyThreshold());
    }
}
