package io.jacos.task;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keyed, merging delayed tasks. At most one task per key is pending; adding another merges into it and keeps
 * the earliest due time. A burst of changes to one key therefore costs one run, and memory is bounded by the
 * number of keys.
 * <p>
 * Due tasks run on the executor given to {@link #start}, woken by a {@link DelayWake}: when a task is due, never
 * more often than once a tick, and not at all while nothing is pending. A fixed tick would cost a wake-up (and
 * the container's context set-up) a hundred times a second on a server with nothing to push.
 */
public final class DelayTaskEngine<K, T extends MergeableTask<T>> {

    private static final Logger LOG = Logger.getLogger(DelayTaskEngine.class.getName());

    /** What {@link #runDue} returns when nothing is left waiting. */
    public static final long NOTHING_PENDING = Long.MIN_VALUE;

    private record Pending<T>(T task, long dueNanos) {
    }

    private final BiConsumer<K, T> processor;
    private final LongSupplier nanoTime;
    private final Map<K, Pending<T>> pending = new ConcurrentHashMap<>();
    private volatile DelayWake wake;

    public DelayTaskEngine(BiConsumer<K, T> processor) {
        this(processor, System::nanoTime);
    }

    /** With an explicit time source, so tests step time instead of waiting. */
    public DelayTaskEngine(BiConsumer<K, T> processor, LongSupplier nanoTime) {
        this.processor = processor;
        this.nanoTime = nanoTime;
    }

    /** Runs due tasks on {@code executor}, at most once every {@code tickMillis}; stop the returned wake to end. */
    public DelayWake start(ScheduledExecutorService executor, long tickMillis) {
        DelayWake started = new DelayWake(executor, TimeUnit.MILLISECONDS.toNanos(tickMillis), nanoTime,
                this::runDueSafely);
        wake = started;
        // Tasks added before the start still need their wake.
        long earliest = earliestDue();
        if (earliest != NOTHING_PENDING) {
            started.wakeBy(earliest);
        }
        return started;
    }

    public void add(K key, T task, long delayMillis) {
        long due = nanoTime.getAsLong() + TimeUnit.MILLISECONDS.toNanos(Math.max(delayMillis, 0));
        Pending<T> merged = pending.merge(key, new Pending<>(task, due), (existing, added) -> new Pending<>(
                existing.task().merge(added.task()), earlier(existing.dueNanos(), added.dueNanos())));
        DelayWake current = wake;
        if (current != null) {
            current.wakeBy(merged.dueNanos());
        }
    }

    public int pendingCount() {
        return pending.size();
    }

    /**
     * Runs, once each, the tasks whose due time has come. Called by the wake; public for tests. Returns the due
     * time of the earliest task left waiting, or {@link #NOTHING_PENDING}.
     */
    public long runDue() {
        long now = nanoTime.getAsLong();
        long earliest = NOTHING_PENDING;
        for (Map.Entry<K, Pending<T>> entry : pending.entrySet()) {
            Pending<T> task = entry.getValue();
            // Conditional remove: a task merged meanwhile is a new value and waits for the next run.
            if (now - task.dueNanos() >= 0 && pending.remove(entry.getKey(), task)) {
                run(entry.getKey(), task.task());
            } else {
                earliest = earliest == NOTHING_PENDING ? task.dueNanos() : earlier(earliest, task.dueNanos());
            }
        }
        return earliest;
    }

    private long runDueSafely() {
        try {
            return runDue();
        } catch (Throwable e) {
            // Never lose the wake: whatever is still pending gets another run.
            LOG.log(Level.SEVERE, "Delay task run failed", e);
            return earliestDue();
        }
    }

    private long earliestDue() {
        long earliest = NOTHING_PENDING;
        for (Pending<T> task : pending.values()) {
            earliest = earliest == NOTHING_PENDING ? task.dueNanos() : earlier(earliest, task.dueNanos());
        }
        return earliest;
    }

    private static long earlier(long a, long b) {
        return a - b <= 0 ? a : b;
    }

    private void run(K key, T task) {
        try {
            processor.accept(key, task);
        } catch (Throwable e) {
            // One task's failure must not end the loop over the others.
            LOG.log(Level.SEVERE, "Delay task for " + key + " failed", e);
        }
    }
}
