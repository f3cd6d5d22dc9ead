package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/** The 1.x clients' beats: the interval they are told, when a silent instance turns unhealthy or is removed. */
@ApplicationScoped
public class BeatSettings {

    public static final Setting INTERVAL = new Setting("jacos.beat.interval", "5000");
    public static final Setting UNHEALTHY_TIMEOUT = new Setting("jacos.beat.unhealthy-timeout", "15000");
    public static final Setting DELETE_TIMEOUT = new Setting("jacos.beat.delete-timeout", "30000");
    public static final Setting CHECK_INTERVAL = new Setting("jacos.beat.check-interval", "1000");
    public static final Setting EXPIRE_INSTANCES = new Setting("nacos.naming.expireInstance", "true");
    public static final Setting LIGHT_BEAT_ENABLED = new Setting("jacos.beat.light-beat-enabled", "true");

    static final List<Setting> SETTINGS = List.of(INTERVAL, UNHEALTHY_TIMEOUT, DELETE_TIMEOUT, CHECK_INTERVAL,
            EXPIRE_INSTANCES, LIGHT_BEAT_ENABLED);

    private long beatIntervalMillis;
    private long beatUnhealthyTimeoutMillis;
    private long beatDeleteTimeoutMillis;
    private long beatCheckIntervalMillis;
    private boolean expireInstances;
    private boolean lightBeatEnabled;

    /** Nothing read, every value zero or false: for the container's proxy, and tests that override what they use. */
    public BeatSettings() {
    }

    @Inject
    public BeatSettings(Config config) {
        beatIntervalMillis = INTERVAL.longValue(config);
        beatUnhealthyTimeoutMillis = UNHEALTHY_TIMEOUT.longValue(config);
        beatDeleteTimeoutMillis = DELETE_TIMEOUT.longValue(config);
        beatCheckIntervalMillis = CHECK_INTERVAL.longValue(config);
        expireInstances = EXPIRE_INSTANCES.booleanValue(config);
        lightBeatEnabled = LIGHT_BEAT_ENABLED.booleanValue(config);
    }

    /** The beat interval told to 1.x clients unless an instance's {@code preserved.heart.beat.interval} says otherwise. */
    public long beatIntervalMillis() {
        return beatIntervalMillis;
    }

    /** A 1.x instance without a beat for this long is marked unhealthy ({@code preserved.heart.beat.timeout}). */
    public long beatUnhealthyTimeoutMillis() {
        return beatUnhealthyTimeoutMillis;
    }

    /** A 1.x instance without a beat for this long is removed ({@code preserved.ip.delete.timeout}). */
    public long beatDeleteTimeoutMillis() {
        return beatDeleteTimeoutMillis;
    }

    /** How often beat leases and 1.x subscriptions are checked. */
    public long beatCheckIntervalMillis() {
        return beatCheckIntervalMillis;
    }

    /** Whether beat expiry removes instances (otherwise they only turn unhealthy), as Nacos's switch. */
    public boolean expireInstances() {
        return expireInstances;
    }

    /** Tell 1.x clients to send beats without a body once registered. */
    public boolean lightBeatEnabled() {
        return lightBeatEnabled;
    }
}
