package io.jacos.bench;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The churn soak: for {@code minutes}, clients connect, register an instance, subscribe to a service, stay a
 * moment and disconnect, {@code cyclesPerSecond} of them per second over {@code workers} threads, against a
 * background of {@code steady} connections that stay subscribed throughout (so every churned instance is pushed
 * to someone). Every {@code sampleSeconds} the server's heap after a full GC is sampled; the slope of a
 * least-squares line through the samples (MiB per hour) says whether it grows. At the end every client is closed
 * and the server's scrape must show, within a bound, no instance, subscription or connection left.
 */
final class SoakPhase {

    record Result(double minutes, long cycles, long failures, List<long[]> samples, double slopeMibPerHour,
                  double slopeAfterFirstMibPerHour, ServerProbe.Counts leftovers, boolean clean, double settleSeconds) {
    }

    private static final String GROUP = "DEFAULT_GROUP";

    private SoakPhase() {
    }

    static Result run(String serverAddr, double minutes, int cyclesPerSecond, int workers, int steady, int services,
                      long holdMillis, long sampleSeconds, ServerProbe probe) throws Exception {
        List<long[]> samples = new ArrayList<>(); // {seconds since start, heap bytes after GC}
        AtomicLong cycles = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        AtomicReference<Throwable> firstFailure = new AtomicReference<>();
        long start = System.nanoTime();
        long end = start + (long) (minutes * 60e9);
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try (ScaleFleet background = ScaleFleet.open(serverAddr, steady, 200, 4, true)) {
            background.forEach((i, c) -> c.subscribe("soak-" + i % services, GROUP, "0.0.0.0", 0, (s, t) -> { }), 120);
            long gapNanos = TimeUnit.SECONDS.toNanos(1) * workers / Math.max(1, cyclesPerSecond);
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                int worker = w;
                running.add(pool.submit(() -> {
                    long next = System.nanoTime() + gapNanos * worker / workers;
                    for (long n = 0; System.nanoTime() < end; n++) {
                        LockSupport.parkNanos(next - System.nanoTime());
                        next += gapNanos;
                        try {
                            cycle(serverAddr, worker, n, services, holdMillis);
                            cycles.incrementAndGet();
                        } catch (Exception e) {
                            failures.incrementAndGet();
                            firstFailure.compareAndSet(null, e);
                        }
                    }
                }));
            }
            long nextSample = start;
            while (System.nanoTime() < end) {
                LockSupport.parkNanos(Math.max(0, Math.min(nextSample, end) - System.nanoTime()));
                if (System.nanoTime() >= end) {
                    break;
                }
                long heap = probe.heapAfterGc();
                long at = (System.nanoTime() - start) / 1_000_000_000L;
                samples.add(new long[] {at, heap});
                Benchmark.log(String.format(Locale.ROOT, "soak: %d s, %d cycles (%d failed), heap after GC %.1f MiB; %s",
                        at, cycles.get(), failures.get(), heap / 1048576.0, probe.counts()));
                nextSample += TimeUnit.SECONDS.toNanos(sampleSeconds);
            }
            for (Future<?> f : running) {
                f.get(2, TimeUnit.MINUTES);
            }
            long lastHeap = probe.heapAfterGc();
            samples.add(new long[] {(System.nanoTime() - start) / 1_000_000_000L, lastHeap});
        } finally {
            pool.shutdownNow();
        }
        if (firstFailure.get() != null) {
            Benchmark.log("soak: first failure: " + firstFailure.get());
        }
        long closed = System.nanoTime();
        AtomicReference<ServerProbe.Counts> last = new AtomicReference<>();
        boolean clean;
        try {
            Awaitility.await("nothing left after the soak").atMost(90, TimeUnit.SECONDS)
                    .pollInterval(1, TimeUnit.SECONDS).ignoreExceptions()
                    .until(() -> {
                        last.set(probe.counts());
                        return last.get().empty();
                    });
            clean = true;
        } catch (ConditionTimeoutException e) {
            clean = false;
        }
        double settle = (System.nanoTime() - closed) / 1e9;
        return new Result(minutes, cycles.get(), failures.get(), samples, slope(samples, 0), slope(samples, 1),
                last.get(), clean, settle);
    }

    /** One client's life: connect, register, subscribe, stay {@code holdMillis}, disconnect. */
    private static void cycle(String serverAddr, int worker, long n, int services, long holdMillis) throws Exception {
        try (RawSubscriber client = RawSubscriber.open(serverAddr)) {
            String ip = "10.1." + worker + "." + (n & 255);
            client.register("soak-" + (n % services), GROUP, ip, 8_000, Map.of("cycle", Long.toString(n)));
            client.subscribe("soak-" + ((n + 1) % services), GROUP, ip, 8_000, (s, t) -> { });
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(holdMillis));
        }
    }

    /** Least-squares slope of heap over time, in MiB per hour, from sample {@code from} on; NaN under 3 samples. */
    static double slope(List<long[]> samples, int from) {
        List<long[]> used = samples.subList(Math.min(from, samples.size()), samples.size()).stream()
                .filter(s -> s[1] >= 0).toList();
        if (used.size() < 3) {
            return Double.NaN;
        }
        double meanX = used.stream().mapToDouble(s -> s[0]).average().orElseThrow();
        double meanY = used.stream().mapToDouble(s -> s[1]).average().orElseThrow();
        double num = 0;
        double den = 0;
        for (long[] s : used) {
            num += (s[0] - meanX) * (s[1] - meanY);
            den += (s[0] - meanX) * (s[0] - meanX);
        }
        return den == 0 ? Double.NaN : num / den * 3600 / 1048576.0;
    }
}
