package io.jacos.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The server-wide settings of persistent-instance health checks, read through MicroProfile Config like
 * the shared settings of {@code io.jacos.settings}; kept apart from it because only this package reads them. Times in ms.
 */
@ApplicationScoped
public class HealthCheckSettings {

    @Inject @ConfigProperty(name = "jacos.health.interval", defaultValue = "5000")
    long intervalMillis;
    @Inject @ConfigProperty(name = "jacos.health.timeout", defaultValue = "2000")
    long timeoutMillis;
    @Inject @ConfigProperty(name = "jacos.health.unhealthy-threshold", defaultValue = "3")
    int unhealthyThreshold;
    @Inject @ConfigProperty(name = "jacos.health.healthy-threshold", defaultValue = "1")
    int healthyThreshold;
    @Inject @ConfigProperty(name = "jacos.health.max-in-flight", defaultValue = "4096")
    int maxInFlight;
    @Inject @ConfigProperty(name = "jacos.health.tick", defaultValue = "100")
    long tickMillis;
    @Inject @ConfigProperty(name = "jacos.health.refresh-interval", defaultValue = "1000")
    long refreshMillis;
    @Inject @ConfigProperty(name = "jacos.health.io-threads", defaultValue = "1")
    int ioThreads;

    public HealthLimits limits() {
        return new HealthLimits(intervalMillis, timeoutMillis, unhealthyThreshold, healthyThreshold, maxInFlight,
                tickMillis, refreshMillis, ioThreads);
    }
}
