package io.jacos.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A fixed number of calls from several threads: each thread claims the next index until all are claimed or the
 * time bound passes. Wall time ends when the last thread finishes, not when the joins return.
 */
final class ClaimedCalls {

    /** Call number {@code index}, made on thread {@code thread}: null when it went well, else what went wrong. */
    interface Call {
        String make(int thread, int index);
    }

    record Outcome(int completed, int failed, String firstError, long wallNanos) {
    }

    private ClaimedCalls() {
    }

    /**
     * Makes up to {@code calls} calls from {@code threads} threads named {@code name-N}, stopping at
     * {@code timeoutMillis}; the joins wait {@code graceMillis} past it for calls under way, which their own
     * timeouts bound.
     */
    static Outcome run(int calls, int threads, long timeoutMillis, long graceMillis, String name, Call call)
            throws InterruptedException {
        AtomicInteger claimed = new AtomicInteger();
        AtomicInteger completed = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> firstError = new AtomicReference<>();
        AtomicLong lastDone = new AtomicLong();
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            Thread worker = new Thread(() -> {
                int i;
                while ((i = claimed.getAndIncrement()) < calls && System.nanoTime() < deadline) {
                    String error = call.make(thread, i);
                    if (error == null) {
                        completed.incrementAndGet();
                    } else {
                        failed.incrementAndGet();
                        firstError.compareAndSet(null, error);
                    }
                }
                lastDone.accumulateAndGet(System.nanoTime(), Math::max);
            }, name + "-" + t);
            worker.setDaemon(true);
            worker.start();
            workers.add(worker);
        }
        for (Thread worker : workers) {
            worker.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()) + graceMillis));
        }
        long end = Math.max(lastDone.get(), start + 1);
        return new Outcome(completed.get(), failed.get(), firstError.get(), end - start);
    }
}
