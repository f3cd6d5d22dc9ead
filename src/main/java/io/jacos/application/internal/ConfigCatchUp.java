package io.jacos.application.internal;

import io.jacos.application.ConfigService;
import io.jacos.task.Periodic;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.ScheduledFuture;

/**
 * Looks for configuration changes every {@link #PERIOD_MILLIS}: on a shared database, a change another node
 * committed reaches this node's listeners within about that, whatever became of any message about it.
 */
@ApplicationScoped
public class ConfigCatchUp {

    static final long PERIOD_MILLIS = 1_000;

    @Resource
    ManagedScheduledExecutorService scheduler;
    private final ConfigService configs;
    private ScheduledFuture<?> schedule;

    /** For the container's proxy. */
    protected ConfigCatchUp() {
        this(null);
    }

    @Inject
    public ConfigCatchUp(ConfigService configs) {
        this.configs = configs;
    }

    public synchronized void start() {
        if (schedule == null) {
            schedule = Periodic.every(scheduler, PERIOD_MILLIS, "Configuration catch-up", configs::catchUp);
        }
    }

    public synchronized void stop() {
        if (schedule != null) {
            schedule.cancel(false);
            schedule = null;
        }
    }
}
