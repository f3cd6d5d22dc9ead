package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One-shot queries: {@code getAllInstances(service, false)} does not subscribe and does not use the client's
 * cache, so every call is a gRPC {@code ServiceQueryRequest}. Several threads share a few clients and stop
 * after a fixed number of calls (or the time bound).
 */
final class QueryPhase {

    /** {@code firstError}: the first failure's message, so a run with failures says why; null without. */
    record Result(int completed, int failed, int wrongSize, long wallNanos, long serverCpuMicros, String firstError) {

        double perSecond() {
            return wallNanos <= 0 ? Double.NaN : completed / (wallNanos / 1e9);
        }

        double serverCpuMicrosPerOp() {
            return serverCpuMicros < 0 || completed == 0 ? Double.NaN : serverCpuMicros / (double) completed;
        }
    }

    private QueryPhase() {
    }

    static Result run(List<NamingService> clients, String service, int expectedInstances, int calls, int threads,
                      ServerProcess server, long timeoutMillis) throws InterruptedException {
        AtomicInteger claimed = new AtomicInteger();
        AtomicInteger completed = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicInteger wrongSize = new AtomicInteger();
        AtomicReference<String> firstError = new AtomicReference<>();
        AtomicLong lastDone = new AtomicLong();
        long cpuBefore = server.cpuMicros();
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            NamingService naming = clients.get(t % clients.size());
            Thread worker = new Thread(() -> {
                while (claimed.getAndIncrement() < calls && System.nanoTime() < deadline) {
                    try {
                        int size = naming.getAllInstances(service, RegistrationPhase.GROUP, false).size();
                        completed.incrementAndGet();
                        if (size != expectedInstances) {
                            wrongSize.incrementAndGet();
                        }
                    } catch (Exception e) {
                        failed.incrementAndGet();
                        firstError.compareAndSet(null, e.toString());
                    }
                }
                lastDone.accumulateAndGet(System.nanoTime(), Math::max);
            }, "bench-query-" + t);
            worker.setDaemon(true);
            worker.start();
            workers.add(worker);
        }
        for (Thread worker : workers) {
            worker.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()) + 10_000));
        }
        long end = Math.max(lastDone.get(), start + 1);
        long cpuAfter = server.cpuMicros();
        long cpu = cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore;
        return new Result(completed.get(), failed.get(), wrongSize.get(), end - start, cpu, firstError.get());
    }
}
