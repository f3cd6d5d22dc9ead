package io.jacos.health;

import io.jacos.settings.HealthCheckSettings;

/**
 * The server's settings for persistent-instance health checks ({@code jacos.health.*}), as plain values so the
 * checker and its tests need no container. A cluster's {@link io.jacos.model.HealthCheck} overrides the first
 * four per cluster; the rest bound the checker as a whole.
 *
 * @param intervalMillis     time between the starts of two probes of one target
 * @param timeoutMillis      a probe without an answer after this is a failure, and its socket is closed
 * @param unhealthyThreshold consecutive failures that turn a healthy target unhealthy
 * @param healthyThreshold   consecutive successes that turn an unhealthy target healthy
 * @param maxInFlight        most probes running at once; due targets beyond it wait for the next tick
 * @param tickMillis         how often due probes are started, answers counted and timeouts enforced
 * @param refreshMillis      how often the set of targets is read again from the registry
 * @param ioThreads          threads that run the non-blocking sockets
 */
public record HealthLimits(long intervalMillis, long timeoutMillis, int unhealthyThreshold, int healthyThreshold,
                           int maxInFlight, long tickMillis, long refreshMillis, int ioThreads) {

    public HealthLimits {
        requirePositive(intervalMillis, "interval");
        requirePositive(timeoutMillis, "timeout");
        requirePositive(unhealthyThreshold, "unhealthy threshold");
        requirePositive(healthyThreshold, "healthy threshold");
        requirePositive(maxInFlight, "max in flight");
        requirePositive(tickMillis, "tick");
        requirePositive(refreshMillis, "refresh interval");
        requirePositive(ioThreads, "I/O threads");
    }

    /** The limits the operator set; a value that is not positive is refused here, so the server does not start. */
    public static HealthLimits of(HealthCheckSettings settings) {
        return new HealthLimits(settings.intervalMillis(), settings.timeoutMillis(), settings.unhealthyThreshold(),
                settings.healthyThreshold(), settings.maxInFlight(), settings.tickMillis(), settings.refreshMillis(),
                settings.ioThreads());
    }

    private static void requirePositive(long value, String what) {
        if (value <= 0) {
            throw new IllegalArgumentException("health check " + what + " must be positive, was " + value);
        }
    }
}
