package io.jacos.application.internal;

import io.jacos.application.ConfigService;
import io.jacos.event.PeerStoredConfigs;
import io.jacos.settings.ConfigSettings;
import io.jacos.task.Periodic;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Looks for configuration changes every {@code jacos.config.catch-up-millis}, and at once when a peer says it stored some: on a
 * shared database, a change another node committed reaches this node's listeners as soon as its notice arrives,
 * and within about the period whatever became of the notice. Notices that arrive while a look is pending add
 * nothing to it.
 */
@ApplicationScoped
public class ConfigCatchUp {

    private static final Logger LOG = Logger.getLogger(ConfigCatchUp.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;
    private final ConfigService configs;
    private final ConfigSettings settings;
    private volatile ScheduledFuture<?> schedule;
    private final AtomicBoolean lookPending = new AtomicBoolean();

    /** For the container's proxy. */
    protected ConfigCatchUp() {
        this(null, null);
    }

    @Inject
    public ConfigCatchUp(ConfigService configs, ConfigSettings settings) {
        this.configs = configs;
        this.settings = settings;
    }

    public synchronized void start() {
        if (schedule == null) {
            schedule = Periodic.every(scheduler, settings.catchUpMillis(), "Configuration catch-up", configs::catchUp);
        }
    }

    void onPeerStored(@Observes PeerStoredConfigs event) {
        if (schedule == null || !lookPending.compareAndSet(false, true)) {
            return;
        }
        try {
            scheduler.execute(() -> {
                lookPending.set(false);
                try {
                    configs.catchUp();
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "Reading the configuration changes " + event.peer() + " stored failed;"
                            + " the periodic look reads them", e);
                }
            });
        } catch (RejectedExecutionException e) {
            lookPending.set(false);
        }
    }

    public synchronized void stop() {
        if (schedule != null) {
            schedule.cancel(false);
            schedule = null;
        }
    }
}
