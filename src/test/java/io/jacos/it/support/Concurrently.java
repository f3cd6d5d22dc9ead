package io.jacos.it.support;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a blocking client call for each of many items on a few threads, so a test can set up hundreds of
 * services in seconds. The real clients are thread-safe; the server must take the calls in any order.
 */
public final class Concurrently {

    /** An action on one item that may throw, as client calls do. */
    @FunctionalInterface
    public interface Action<T> {
        void run(T item) throws Exception;
    }

    private static final int THREADS = 8;

    private Concurrently() {
    }

    /** Runs the action for every item and returns when all are done; the first failure is rethrown. */
    public static <T> void forEach(Collection<T> items, Action<T> action) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Callable<Void>> tasks = new ArrayList<>(items.size());
            for (T item : items) {
                tasks.add(() -> {
                    action.run(item);
                    return null;
                });
            }
            for (Future<Void> done : pool.invokeAll(tasks)) {
                try {
                    done.get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception cause ? cause : e;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
