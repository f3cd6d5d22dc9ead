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
 * The wake-up of a {@link DelayTaskEngine}: runs when the earliest task is due, at least a tick apart, and none
 * while nothing is pending.
 * <p>
 * While tasks keep coming in, or are due soon (within {@link #IDLE_TICKS} ticks), one repeating run every tick
 * serves them, so a busy spell schedules once. Scheduling on the container's executor captures the caller's
 * context, and on Payara that capture looks its providers up in every jar of the application: scheduling once
 * per run put that lookup on the request threads a hundred times a second under load. The repeating run ends
 * after {@link #IDLE_TICKS} ticks with nothing new and nothing due soon. A task due later (a retry seconds away)
 * gets a one-shot wake.
 * <p>
 * At most one wake is armed. A task due sooner than the armed wake's first run arms an earlier one and cancels
 * the later; a run that ends re-arms for whatever it left pending, so a pending task always has a wake coming.
 */
public final class DelayWake {

    /** Ticks without a task due soon before the repeating run ends; also how soon counts as soon. */
    static final int IDLE_TICKS = 10;

    private static final Logger LOG = Logger.getLogger(DelayWake.class.getName());

    /** One scheduled wake, one-shot or repeating; its identity tells the armed wake from a superseded one. */
    private static final class Wake {
        final long atNanos;
        final boolean repeating;
        volatile ScheduledFuture<?> future;
        volatile boolean ran;
        /** A task came in since the last run; a run that has just served one is not idle. */
        volatile boolean added;
        int idleRuns;

        Wake(long atNanos, boolean repeating) {
            this.atNanos = atNanos;
            this.repeating = repeating;
        }

        /** Whether a task due at {@code targetNanos} is served by this wake at most a tick late. */
        boolean serves(long targetNanos, long tickNanos) {
            return (repeating && ran) || atNanos - targetNanos < tickNanos;
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
            if (current != null && current.serves(target, tickNanos)) {
                current.added = true;
                return;
            }
            Wake wake = new Wake(target, dueSoon(target));
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

    private boolean dueSoon(long dueNanos) {
        return dueNanos - nanoTime.getAsLong() < IDLE_TICKS * tickNanos;
    }

    private void schedule(Wake wake) {
        long delay = Math.max(0, wake.atNanos - nanoTime.getAsLong());
        try {
            wake.future = wake.repeating
                    ? executor.scheduleWithFixedDelay(() -> tick(wake), delay, tickNanos, TimeUnit.NANOSECONDS)
                    : executor.schedule(() -> fire(wake), delay, TimeUnit.NANOSECONDS);
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
        long earliest = runNow();
        if (earliest != DelayTaskEngine.NOTHING_PENDING) {
            wakeBy(earliest);
        }
    }

    private void tick(Wake wake) {
        if (stopped || armed.get() != wake) {
            wake.cancel(); // superseded: its future may not have been set when it was replaced
            return;
        }
        wake.ran = true;
        boolean busy = wake.added;
        wake.added = false;
        long earliest = runNow();
        if (busy || earliest != DelayTaskEngine.NOTHING_PENDING && dueSoon(earliest)) {
            wake.idleRuns = 0;
            return;
        }
        if (++wake.idleRuns < IDLE_TICKS || !armed.compareAndSet(wake, null)) {
            return;
        }
        wake.cancel();
        // A task added during the run above found this wake armed and armed none of its own.
        long left = runDue.getAsLong();
        if (left != DelayTaskEngine.NOTHING_PENDING) {
            wakeBy(left);
        }
    }

    private long runNow() {
        lastRunNanos = nanoTime.getAsLong();
        ran = true;
        return runDue.getAsLong();
    }
}
