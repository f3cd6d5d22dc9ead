package io.jacos.health;

import io.jacos.application.IpPortClientService;
import io.jacos.settings.BeatSettings;
import io.jacos.task.Periodic;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;

import java.util.concurrent.ScheduledFuture;

/**
 * Runs the 1.x lease check (beats and polls) on the container's scheduled executor: silent instances turn
 * unhealthy, then go; unpolled UDP subscriptions end. Every change it makes is pushed like any other.
 */
@Singleton
public class LeaseCheck {

    @Resource
    ManagedScheduledExecutorService scheduler;
    private final BeatSettings beatSettings;
    private final IpPortClientService clients;

    private ScheduledFuture<?> schedule;

    /** For the EJB container. */
    public LeaseCheck() {
        this(null, null);
    }

    @Inject
    public LeaseCheck(BeatSettings beatSettings, IpPortClientService clients) {
        this.beatSettings = beatSettings;
        this.clients = clients;
    }

    public void start() {
        schedule = Periodic.every(scheduler, beatSettings.beatCheckIntervalMillis(), "1.x lease check",
                clients::expireLeases);
    }

    public void stop() {
        if (schedule != null) {
            schedule.cancel(false);
        }
    }
}
