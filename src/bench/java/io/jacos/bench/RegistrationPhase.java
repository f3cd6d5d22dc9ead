package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Registrations: every client registers one instance into each of {@code servicesPerClient} services. Over
 * gRPC a connection holds one instance per service, so distinct services are what makes each call a new
 * registration rather than a replacement. Only completed {@code registerInstance} calls count, over wall time.
 */
final class RegistrationPhase {

    static final String GROUP = "DEFAULT_GROUP";

    /** {@code firstError}: the first failure's message, so a run with failures says why; null without. */
    record Result(int attempted, int completed, int failed, long wallNanos, long serverCpuMicros, String firstError) {

        double perSecond() {
            return wallNanos <= 0 ? Double.NaN : completed / (wallNanos / 1e9);
        }

        double serverCpuMicrosPerOp() {
            return serverCpuMicros < 0 || completed == 0 ? Double.NaN : serverCpuMicros / (double) completed;
        }
    }

    private RegistrationPhase() {
    }

    static Result run(List<NamingService> clients, String servicePrefix, int servicesPerClient,
                      ExecutorService pool, ServerProcess server, long timeoutMillis) throws InterruptedException {
        int total = clients.size() * servicesPerClient;
        CountDownLatch done = new CountDownLatch(total);
        AtomicInteger completed = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> firstError = new AtomicReference<>();
        long cpuBefore = server.cpuMicros();
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        // Service-major order, so consecutive calls come from different connections, as in a real fleet.
        for (int s = 0; s < servicesPerClient; s++) {
            for (int c = 0; c < clients.size(); c++) {
                NamingService naming = clients.get(c);
                String service = servicePrefix + s;
                Instance instance = instance(c, s);
                pool.execute(() -> {
                    try {
                        if (System.nanoTime() < deadline) {
                            naming.registerInstance(service, GROUP, instance);
                            completed.incrementAndGet();
                        } else {
                            failed.incrementAndGet();
                        }
                    } catch (Exception e) {
                        failed.incrementAndGet();
                        firstError.compareAndSet(null, e.toString());
                    } finally {
                        done.countDown();
                    }
                });
            }
        }
        done.await(timeoutMillis + 10_000, TimeUnit.MILLISECONDS);
        long wall = System.nanoTime() - start;
        long cpuAfter = server.cpuMicros();
        long cpu = cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore;
        return new Result(total, completed.get(), failed.get(), wall, cpu, firstError.get());
    }

    /** A distinct address per client; the port tells the service apart (cosmetic, the server keys by connection). */
    static Instance instance(int client, int service) {
        Instance instance = new Instance();
        instance.setIp("10.1." + (client / 250) + "." + (client % 250 + 1));
        instance.setPort(20_000 + service);
        instance.setEphemeral(true);
        return instance;
    }
}
