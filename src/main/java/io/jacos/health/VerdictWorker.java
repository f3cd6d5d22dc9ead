package io.jacos.health;

import io.jacos.application.PersistentInstanceService;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Applies the checker's verdicts to the registry ({@code checked}, a database write and a push) one at a time
 * on a worker of the given executor, so that neither the I/O threads nor the checker's tick wait for the
 * database. Each verdict, applied or failed, is reported back so the checker knows when the registry's mark is
 * current again; a failed one is retried by the checks themselves once the registry's old mark is read back.
 */
final class VerdictWorker {

    private static final Logger LOG = Logger.getLogger(VerdictWorker.class.getName());

    private record Verdict(TargetState target, boolean healthy) {
    }

    private final PersistentInstanceService registry;
    private final Executor executor;
    private final Consumer<TargetState> settled;
    private final Queue<Verdict> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean draining = new AtomicBoolean();

    VerdictWorker(PersistentInstanceService registry, Executor executor, Consumer<TargetState> settled) {
        this.registry = registry;
        this.executor = executor;
        this.settled = settled;
    }

    void submit(TargetState target, boolean healthy) {
        queue.add(new Verdict(target, healthy));
        startDrain();
    }

    private void startDrain() {
        if (!queue.isEmpty() && draining.compareAndSet(false, true)) {
            try {
                executor.execute(this::drain);
            } catch (RejectedExecutionException e) {
                draining.set(false);
                LOG.log(Level.WARNING, "Health verdicts not applied: the executor refused them (shutting down?)", e);
            }
        }
    }

    private void drain() {
        try {
            Verdict verdict;
            while ((verdict = queue.poll()) != null) {
                apply(verdict);
            }
        } finally {
            draining.set(false);
        }
        // A verdict submitted between the last poll and the reset above would otherwise wait for the next one.
        startDrain();
    }

    private void apply(Verdict verdict) {
        TargetKey key = verdict.target().key;
        try {
            registry.checked(key.service(), key.ip(), key.port(), verdict.healthy());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Health verdict " + (verdict.healthy() ? "healthy" : "unhealthy") + " for "
                    + key + " not stored; the checks will repeat it", e);
        } finally {
            settled.accept(verdict.target());
        }
    }
}
