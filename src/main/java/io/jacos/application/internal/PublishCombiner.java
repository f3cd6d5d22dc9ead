package io.jacos.application.internal;

import io.jacos.registry.PublishOrder;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Carries concurrent registrations into the registry in batches, one call into the Registry EJB per batch. A
 * profile of the registration path put about a third of its request-thread CPU in the container's invocation
 * path around that call (invocation record, interceptors, request-scope activation, monitoring), more than the
 * publish itself; while one call is under way, the registrations that arrive meanwhile wait and go in the next.
 * <p>
 * Flat combining: each caller queues its order, then takes the lock; whoever holds it hands everything queued
 * to the registry (at most {@link #MAX_BATCH} at a time) until its own order is done. A caller alone pays one
 * uncontended lock on top of the call it made before. The queue holds at most one order per caller waiting
 * here, so its length is bounded by the request threads that can call in.
 */
final class PublishCombiner {

    /** Keeps one call short enough that the callers waiting on it are not held up by a long batch. */
    static final int MAX_BATCH = 64;

    private final Function<List<PublishOrder>, List<RuntimeException>> registry;
    private final Queue<Waiting> queued = new ConcurrentLinkedQueue<>();
    private final ReentrantLock combining = new ReentrantLock();

    /** {@code registry}: applies a batch and returns each order's refusal in its place (null: applied). */
    PublishCombiner(Function<List<PublishOrder>, List<RuntimeException>> registry) {
        this.registry = registry;
    }

    /** Publishes through the registry, in a batch with whatever else is waiting; throws the order's refusal. */
    void publish(PublishOrder order) {
        Waiting mine = new Waiting(order);
        queued.add(mine);
        combining.lock();
        try {
            // Another holder of the lock may have applied it already; otherwise it is still queued.
            while (!mine.done) {
                applyNextBatch();
            }
        } finally {
            combining.unlock();
        }
        if (mine.refusal != null) {
            throw mine.refusal;
        }
    }

    /** How many orders wait to be handed over (for tests). */
    int queued() {
        return queued.size();
    }

    /** Under the lock: hands the oldest queued orders to the registry and records each outcome. */
    private void applyNextBatch() {
        List<Waiting> batch = new ArrayList<>(Math.min(MAX_BATCH, 8));
        Waiting next;
        while (batch.size() < MAX_BATCH && (next = queued.poll()) != null) {
            batch.add(next);
        }
        if (batch.isEmpty()) {
            // Cannot happen while every polled order is finished before the lock is released; never spin on it.
            throw new IllegalStateException("a queued registration was lost");
        }
        List<PublishOrder> orders = new ArrayList<>(batch.size());
        batch.forEach(w -> orders.add(w.order));
        try {
            List<RuntimeException> refusals = registry.apply(orders);
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).finish(refusals.get(i));
            }
        } catch (RuntimeException e) {
            // The call itself failed (not one order's refusal): every caller of the batch hears it.
            batch.forEach(waiting -> waiting.finish(e));
        } finally {
            // An Error leaves no caller of the batch waiting for an outcome that will not come.
            batch.stream().filter(waiting -> !waiting.done)
                    .forEach(waiting -> waiting.finish(new IllegalStateException("registration not applied")));
        }
    }

    /** An order and its outcome; written and read under the lock only. */
    private static final class Waiting {
        final PublishOrder order;
        boolean done;
        RuntimeException refusal;

        Waiting(PublishOrder order) {
            this.order = order;
        }

        void finish(RuntimeException outcome) {
            refusal = outcome;
            done = true;
        }
    }
}
