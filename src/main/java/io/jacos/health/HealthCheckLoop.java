package io.jacos.health;

import io.jacos.application.PersistentInstanceService;
import io.jacos.task.Periodic;

import java.time.Clock;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;

/**
 * A running {@link HealthChecker}: its tick repeats on the scheduler every {@code tickMillis}, and its verdicts
 * are applied on the same scheduler's threads. The same wiring serves the server bean, the tests and the
 * benchmark. Stopping cancels the tick; the prober belongs to the caller.
 */
public final class HealthCheckLoop {

    private final HealthChecker checker;
    private final ScheduledFuture<?> schedule;

    public HealthCheckLoop(ScheduledExecutorService scheduler, Prober prober, PersistentInstanceService registry,
                           HealthLimits limits, Clock clock) {
        this(scheduler, prober, registry, limits, clock, new HealthStats());
    }

    public HealthCheckLoop(ScheduledExecutorService scheduler, Prober prober, PersistentInstanceService registry,
                           HealthLimits limits, Clock clock, HealthStats stats) {
        checker = new HealthChecker(registry, prober, scheduler, limits, clock, new SplittableRandom(), stats);
        schedule = Periodic.every(scheduler, limits.tickMillis(), "Persistent-instance health check", checker::tick);
    }

    public void stop() {
        schedule.cancel(false);
    }
}
