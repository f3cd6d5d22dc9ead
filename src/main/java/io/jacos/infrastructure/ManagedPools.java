package io.jacos.infrastructure;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fixed-size pools of container-managed threads (from the {@link ManagedThreadFactory}, so each carries the
 * application's naming and class-loading context) with a bounded queue. A pool captures the context once per
 * thread instead of once per task, which matters on paths that run per request or per push. The pools are
 * this bean's own: it shuts them down with the application.
 * <p>
 * Every thread is started when the pool is made, on the thread that asks for it (deployment). A managed thread
 * takes its context from the thread that creates it: one created later by a Netty event loop (the first
 * request) has no application component context, and on Payara Server CDI then injects nothing into the beans
 * created on it. For the same reason the threads never time out.
 */
@ApplicationScoped
public class ManagedPools {

    @Resource
    ManagedThreadFactory threadFactory;

    private final List<ExecutorService> created = new CopyOnWriteArrayList<>();

    /**
     * A pool of {@code threads} threads named {@code jacos-<name>-<n>} (so thread dumps, and the check that
     * undeploy leaves none behind, can tell them apart); a task beyond {@code queueCapacity} waiting ones is
     * rejected.
     */
    public ExecutorService fixed(String name, int threads, int queueCapacity) {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory named = task -> {
            Thread thread = threadFactory.newThread(task);
            thread.setName("jacos-" + name + "-" + count.incrementAndGet());
            return thread;
        };
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(queueCapacity), named, new ThreadPoolExecutor.AbortPolicy());
        pool.prestartAllCoreThreads();
        created.add(pool);
        return pool;
    }

    @PreDestroy
    void shutdown() {
        created.forEach(ExecutorService::shutdown);
        for (ExecutorService pool : created) {
            try {
                if (!pool.awaitTermination(5, TimeUnit.SECONDS)) {
                    pool.shutdownNow();
                }
            } catch (InterruptedException e) {
                pool.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }
}
