package io.jacos.task;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The wake-up of a {@link DelayTaskEngine}: one run scheduled on the executor for when the earliest task is due,
 * and none while nothing is pending. Runs are at least a tick apart, so a burst of tasks is served by one run per
 * tick, as a fixed tick would, without a fixed tick's cost when idle.
 * <p>
 * At most one wake is armed. A task due sooner than the armed wake (a change while a retry waits for seconds)
 * arms an earlier one and cancels the later; a run re-arms for whatever it left pending, so a pending task
 * always has a wake coming.
 */
public final class DelayWake {

    private static final Logger LOG = Logger.getLogger(DelayWake.class.getName());

    /** One scheduled run; its identity tells the armed wake from a superseded one. */
    private static final class Wake {
        final long atNanos;
        volatile ScheduledFuture<?> future;

        Wake(long atNanos) {
            this.atNanos = atNanos;
        }

        void cancel() {
            ScheduledFuture<?> scheduled = future;
            if (scheduled != null) {
                scheduled.cancel(false);
            }
        }
    }

    private final ScheduledExecutorService executor;
    private final long tickNanos;
    private final LongSupplier nanoTime;
    private final LongSupplier runDue;
    private final AtomicReference<Wake> armed = new AtomicReference<>();
    private volatile long lastRunNanos;
    private volatile boolean ran;
    private volatile boolean stopped;

    /** {@code runDue} runs what is due and returns the earliest due time left, or {@code NOTHING_PENDING}. */
    DelayWake(ScheduledExecutorService executor, long tickNanos, LongSupplier nanoTime, LongSupplier runDue) {
        this.executor = executor;
        this.tickNanos = tickNanos;
        this.nanoTime = nanoTime;
        this.runDue = runDue;
    }

    /** Makes sure a run comes by {@code dueNanos} (or a tick after the last run, if that is later). */
    void wakeBy(long dueNanos) {
        long notBefore = lastRunNanos + tickNanos;
        long target = ran && dueNanos - notBefore < 0 ? notBefore : dueNanos;
        while (!stopped) {
            Wake current = armed.get();
            if (current != null && current.atNanos - target < tickNanos) {
                return; // the armed wake is at most a tick late for this task
            }
            Wake wake = new Wake(target);
            if (armed.compareAndSet(current, wake)) {
                if (current != null) {
                    current.cancel();
                }
                schedule(wake);
                return;
            }
        }
    }

    /** Ends the runs: the armed wake is cancelled and none is armed again. */
    public void stop() {
        stopped = true;
        Wake wake = armed.getAndSet(null);
        if (wake != null) {
            wake.cancel();
        }
    }

    private void schedule(Wake wake) {
        long delay = Math.max(0, wake.atNanos - nanoTime.getAsLong());
        try {
            wake.future = executor.schedule(() -> fire(wake), delay, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // The executor is shutting down with the application.
            armed.compareAndSet(wake, null);
            LOG.log(Level.FINE, "Delay task wake refused", e);
        }
    }

    private void fire(Wake wake) {
        if (stopped) {
            return;
        }
        // Only the armed wake disarms; a superseded one that runs anyway leaves the armed one in place.
        armed.compareAndSet(wake, null);
        lastRunNanos = nanoTime.getAsLong();
        ran = true;
        long earliest = runDue.getAsLong();
        if (earliest != DelayTaskEngine.NOTHING_PENDING) {
            wakeBy(earliest);
        }
    }
}
