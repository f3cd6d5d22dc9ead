package io.jacos.application;

import io.jacos.model.Instance;

/**
 * The beat interval and timeouts of an instance: its {@code preserved.*} metadata when set, otherwise the
 * server's defaults. 1.x clients read the interval from here (and from beat answers).
 */
public record BeatTimes(long defaultInterval, long defaultUnhealthyTimeout, long defaultDeleteTimeout) {

    public static final String INTERVAL = "preserved.heart.beat.interval";
    public static final String UNHEALTHY_TIMEOUT = "preserved.heart.beat.timeout";
    public static final String DELETE_TIMEOUT = "preserved.ip.delete.timeout";

    public long interval(Instance instance) {
        return millis(instance, INTERVAL, defaultInterval);
    }

    public long unhealthyTimeout(Instance instance) {
        return millis(instance, UNHEALTHY_TIMEOUT, defaultUnhealthyTimeout);
    }

    public long deleteTimeout(Instance instance) {
        return millis(instance, DELETE_TIMEOUT, defaultDeleteTimeout);
    }

    private static long millis(Instance instance, String key, long fallback) {
        String value = instance.metadata().get(key);
        if (value == null) {
            return fallback;
        }
        try {
            long parsed = Long.parseLong(value.trim());
            return parsed > 0 ? parsed : fallback;
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
