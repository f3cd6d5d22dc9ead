package io.jacos.task;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keyed, merging delayed tasks. At most one task per key is pending; adding another merges into it and keeps
 * the earliest due time. A burst of changes to one key therefore costs one
 * run, and memory is bounded by the number of keys. Runs happen on the given (container-managed) executor.
 */
public final class DelayTaskEngine<K, T extends MergeableTask<T>> {

    private static final Logger LOG = Logger.getLogger(DelayTaskEngine.class.getName());

    private final ScheduledExecutorService executor;
    private final BiConsumer<K, T> processor;
    private final Map<K, Pending<T>> pending = new ConcurrentHashMap<>();

    private record Pending<T>(T task, long dueNanos) {
    }

    public DelayTaskEngine(ScheduledExecutorService executor, BiConsumer<K, T> processor) {
        this.executor = executor;
        this.processor = processor;
    }

    public void add(K key, T task, long delayMillis) {
        long delay = Math.max(delayMillis, 0);
        long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delay);
        boolean[] schedule = new boolean[1];
        pending.compute(key, (k, existing) -> {
            if (existing == null) {
                schedule[0] = true;
                return new Pending<>(task, due);
            }
            // An earlier due time needs its own run; the later one then finds nothing or newer work.
            schedule[0] = due < existing.dueNanos();
            return new Pending<>(existing.task().merge(task), Math.min(due, existing.dueNanos()));
        });
        if (schedule[0]) {
            executor.schedule(() -> run(key), delay, TimeUnit.MILLISECONDS);
        }
    }

    public int pendingCount() {
        return pending.size();
    }

    private void run(K key) {
        Pending<T> entry = pending.remove(key);
        if (entry == null) {
            return;
        }
        try {
            processor.accept(key, entry.task());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Delay task for " + key + " failed", e);
        }
    }
}
