package io.jacos.infrastructure;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Fixed-size pools of container-managed threads (from the {@link ManagedThreadFactory}, so each carries the
 * application's naming and class-loading context) with a bounded queue. A pool captures the context once per
 * thread instead of once per task, which matters on paths that run per request or per push. The pools are
 * this bean's own: it shuts them down with the application.
 */
@ApplicationScoped
public class ManagedPools {

    @Resource
    ManagedThreadFactory threadFactory;

    private final List<ExecutorService> created = new CopyOnWriteArrayList<>();

    /** A pool of {@code threads} threads; a task beyond {@code queueCapacity} waiting ones is rejected. */
    public ExecutorService fixed(int threads, int queueCapacity) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(queueCapacity), threadFactory, new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
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
