package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/**
 * The server's health checks of persistent instances ({@code jacos.health.*}); a cluster's own health-check settings
 * override the first four for its instances. Times in ms.
 */
@ApplicationScoped
public class HealthCheckSettings {

    public static final Setting INTERVAL = new Setting("jacos.health.interval", "5000");
    public static final Setting TIMEOUT = new Setting("jacos.health.timeout", "2000");
    public static final Setting UNHEALTHY_THRESHOLD = new Setting("jacos.health.unhealthy-threshold", "3");
    public static final Setting HEALTHY_THRESHOLD = new Setting("jacos.health.healthy-threshold", "1");
    public static final Setting MAX_IN_FLIGHT = new Setting("jacos.health.max-in-flight", "4096");
    public static final Setting TICK = new Setting("jacos.health.tick", "100");
    public static final Setting REFRESH_INTERVAL = new Setting("jacos.health.refresh-interval", "1000");
    public static final Setting IO_THREADS = new Setting("jacos.health.io-threads", "1");

    static final List<Setting> SETTINGS = List.of(INTERVAL, TIMEOUT, UNHEALTHY_THRESHOLD, HEALTHY_THRESHOLD,
            MAX_IN_FLIGHT, TICK, REFRESH_INTERVAL, IO_THREADS);

    private long intervalMillis;
    private long timeoutMillis;
    private int unhealthyThreshold;
    private int healthyThreshold;
    private int maxInFlight;
    private long tickMillis;
    private long refreshMillis;
    private int ioThreads;

    /** Nothing read, every value zero: for the container's proxy, and tests that override what they use. */
    public HealthCheckSettings() {
    }

    @Inject
    public HealthCheckSettings(Config config) {
        intervalMillis = INTERVAL.longValue(config);
        timeoutMillis = TIMEOUT.longValue(config);
        unhealthyThreshold = UNHEALTHY_THRESHOLD.intValue(config);
        healthyThreshold = HEALTHY_THRESHOLD.intValue(config);
        maxInFlight = MAX_IN_FLIGHT.intValue(config);
        tickMillis = TICK.longValue(config);
        refreshMillis = REFRESH_INTERVAL.longValue(config);
        ioThreads = IO_THREADS.intValue(config);
    }

    public long intervalMillis() {
        return intervalMillis;
    }

    public long timeoutMillis() {
        return timeoutMillis;
    }

    public int unhealthyThreshold() {
        return unhealthyThreshold;
    }

    public int healthyThreshold() {
        return healthyThreshold;
    }

    public int maxInFlight() {
        return maxInFlight;
    }

    public long tickMillis() {
        return tickMillis;
    }

    public long refreshMillis() {
        return refreshMillis;
    }

    public int ioThreads() {
        return ioThreads;
    }
}
