package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

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
        AtomicInteger wrongSize = new AtomicInteger();
        long cpuBefore = server.cpuMicros();
        ClaimedCalls.Outcome outcome = ClaimedCalls.run(calls, threads, timeoutMillis, 10_000, "bench-query",
                (thread, index) -> {
                    try {
                        int size = clients.get(thread % clients.size())
                                .getAllInstances(service, RegistrationPhase.GROUP, false).size();
                        if (size != expectedInstances) {
                            wrongSize.incrementAndGet();
                        }
                        return null;
                    } catch (Exception e) {
                        return e.toString();
                    }
                });
        long cpuAfter = server.cpuMicros();
        long cpu = cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore;
        return new Result(outcome.completed(), outcome.failed(), wrongSize.get(), outcome.wallNanos(), cpu,
                outcome.firstError());
    }
}
