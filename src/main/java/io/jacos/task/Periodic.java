package io.jacos.task;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Repeating background work. A failure of any kind, {@code Error} included, is logged and the next run still
 * happens: an executor silently stops repeating a task that threw, which would end connection checks or
 * pushes for good.
 */
public final class Periodic {

    private static final Logger LOG = Logger.getLogger(Periodic.class.getName());

    private Periodic() {
    }

    /** Runs {@code work} every {@code periodMillis}, first after one period; cancel the future to stop. */
    public static ScheduledFuture<?> every(ScheduledExecutorService executor, long periodMillis, String what,
                                           Runnable work) {
        return executor.scheduleWithFixedDelay(() -> {
            try {
                work.run();
            } catch (Throwable e) {
                // Errors too (a StackOverflowError, a linkage error): letting one escape ends the schedule.
                LOG.log(Level.SEVERE, what + " failed; it keeps its schedule", e);
            }
        }, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }
}
