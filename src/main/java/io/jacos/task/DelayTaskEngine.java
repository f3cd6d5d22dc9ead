package io.jacos.task;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
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
 * Due tasks run on a fixed tick of the executor given to {@link #start}: scheduling once, rather than once
 * per task, matters because a container-managed executor captures the caller's context on every schedule,
 * which costs more than a push itself.
 */
public final class DelayTaskEngine<K, T extends MergeableTask<T>> {

    private static final Logger LOG = Logger.getLogger(DelayTaskEngine.class.getName());

    private record Pending<T>(T task, long dueNanos) {
    }

    private final BiConsumer<K, T> processor;
    private final LongSupplier nanoTime;
    private final Map<K, Pending<T>> pending = new ConcurrentHashMap<>();

    public DelayTaskEngine(BiConsumer<K, T> processor) {
        this(processor, System::nanoTime);
    }

    /** With an explicit time source, so tests step time instead of waiting. */
    public DelayTaskEngine(BiConsumer<K, T> processor, LongSupplier nanoTime) {
        this.processor = processor;
        this.nanoTime = nanoTime;
    }

    /** Runs due tasks every {@code tickMillis}; cancel the returned future to stop. */
    public ScheduledFuture<?> start(ScheduledExecutorService executor, long tickMillis) {
        return Periodic.every(executor, tickMillis, "Delay task tick", this::runDue);
    }

    public void add(K key, T task, long delayMillis) {
        long due = nanoTime.getAsLong() + TimeUnit.MILLISECONDS.toNanos(Math.max(delayMillis, 0));
        pending.merge(key, new Pending<>(task, due), (existing, added) -> new Pending<>(
                existing.task().merge(added.task()), Math.min(existing.dueNanos(), added.dueNanos())));
    }

    public int pendingCount() {
        return pending.size();
    }

    /** Runs, once each, the tasks whose due time has come. Called by the tick; public for tests. */
    public void runDue() {
        long now = nanoTime.getAsLong();
        for (Map.Entry<K, Pending<T>> entry : pending.entrySet()) {
            Pending<T> task = entry.getValue();
            // Conditional remove: a task merged meanwhile is a new value and waits for the next tick.
            if (now - task.dueNanos() >= 0 && pending.remove(entry.getKey(), task)) {
                run(entry.getKey(), task.task());
            }
        }
    }

    private void run(K key, T task) {
        try {
            processor.accept(key, task);
        } catch (Throwable e) {
            // One task's failure must not end the tick's loop over the others.
            LOG.log(Level.SEVERE, "Delay task for " + key + " failed", e);
        }
    }
}
