package io.jacos.registry;

import io.jacos.settings.NamingSettings;
import io.jacos.task.Periodic;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.concurrent.ScheduledFuture;
import java.util.logging.Logger;

/** Periodically retires services that stayed without instances and subscribers (Nacos: empty-service clean). */
@Singleton
public class IdleServiceSweep {

    private static final Logger LOG = Logger.getLogger(IdleServiceSweep.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;
    @Inject
    Registry registry;
    @Inject
    NamingSettings namingSettings;
    @Inject
    Clock clock;

    private ScheduledFuture<?> schedule;

    public void start() {
        schedule = Periodic.every(scheduler, namingSettings.emptyServiceCleanIntervalMillis(), "Idle service sweep",
                this::sweep);
    }

    public void stop() {
        if (schedule != null) {
            schedule.cancel(false);
        }
    }

    private void sweep() {
        int retired = registry.retireIdleServices(clock.millis(), namingSettings.emptyServiceExpiryMillis());
        if (retired > 0) {
            LOG.fine(() -> "Retired " + retired + " idle services");
        }
    }
}
