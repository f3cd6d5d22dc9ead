package io.jacos.bench;

import io.jacos.health.HealthCheckLoop;
import io.jacos.health.HealthLimits;
import io.jacos.health.SocketProber;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Not a test: the persistent-instance health checker in this JVM, against {@code bench.health.targets} (10,000)
 * targets on 127.0.0.1 at a {@code bench.health.interval} (5 s) interval, half of them dead (refusing or hanging).
 * After one interval of warm-up (the first checks are spread over it) it measures for the rest of
 * {@code bench.health.seconds} (40; {@code bench.health.tick} and {@code bench.health.refresh} as the server's
 * {@code jacos.health.tick} and {@code jacos.health.refresh-interval}): probes finished per second, the latency of probes of live targets, false
 * verdicts, dead targets marked unhealthy, and CPU per second of the process and of the checker's own threads.
 * <pre>
 * mvn -B -q test-compile exec:java -Dexec.mainClass=io.jacos.bench.HealthCheckBench -Dexec.classpathScope=test
 * </pre>
 */
public final class HealthCheckBench {

    private HealthCheckBench() {
    }

    public static void main(String[] args) throws Exception {
        int targetCount = Integer.getInteger("bench.health.targets", 10_000);
        long interval = Long.getLong("bench.health.interval", 5000);
        long timeout = Long.getLong("bench.health.timeout", 2000);
        long seconds = Long.getLong("bench.health.seconds", 40);
        long tick = Long.getLong("bench.health.tick", 100);
        long refresh = Long.getLong("bench.health.refresh", 1000);
        HealthLimits limits = new HealthLimits(interval, timeout, 3, 1, 4096, tick, refresh, 1);

        try (HealthBenchFleet fleet = new HealthBenchFleet(4, 4, 16)) {
            Set<Integer> livePorts = fleet.liveProbePorts();
            HealthBenchRegistry registry = new HealthBenchRegistry(fleet.targets(targetCount), livePorts);
            // Stands in for the container's managed scheduled executor: the tick and the verdicts run on it.
            ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2, named("bench-scheduler-"));
            SocketProber sockets = SocketProber.open(limits.ioThreads(), named("io-"), scheduler);
            TimedProber prober = new TimedProber(sockets, livePorts);
            HealthCheckLoop loop = new HealthCheckLoop(scheduler, prober, registry, limits, Clock.systemUTC());
            System.out.printf("%,d targets, interval %d ms, timeout %d ms, tick %d ms, refresh every %d ms;"
                    + " warming up for one interval%n", targetCount, interval, timeout, tick, refresh);
            Thread.sleep(interval); // pacing of the benchmark itself, not a wait for a condition

            MachineCpu machine = new MachineCpu(-1);
            MachineCpu.Snapshot machineBefore = machine.snapshot();
            long cpuBefore = processCpuNanos();
            long checkerBefore = checkerThreadsCpuNanos();
            long start = System.nanoTime();
            prober.record();
            Thread.sleep(seconds * 1000 - interval);
            prober.pause();
            double elapsed = (System.nanoTime() - start) / 1e9;
            double cpuPerSecond = (processCpuNanos() - cpuBefore) / 1e6 / elapsed;
            double checkerPerSecond = (checkerThreadsCpuNanos() - checkerBefore) / 1e6 / elapsed;
            String shares = MachineCpu.shares(machineBefore, machine.snapshot(), 100);

            loop.stop();
            sockets.close();
            scheduler.shutdownNow();
            report(targetCount, prober, registry, elapsed, cpuPerSecond, checkerPerSecond, shares);
        }
    }

    private static void report(int targetCount, TimedProber prober, HealthBenchRegistry registry, double elapsed,
                               double cpuPerSecond, double checkerPerSecond, String shares) {
        Latencies.Summary live = prober.liveLatencies();
        Report report = new Report("Jacos health check benchmark (in-process checker, loopback targets)");
        report.info("Probes finished per second", Report.fmt(prober.finished() / elapsed));
        report.info("Live probe latency", Report.latency(live));
        report.atMost("False verdicts (live marked unhealthy, dead healthy)", registry.falseVerdicts(), 0, "");
        report.info("Dead targets marked unhealthy", registry.deadMarkedUnhealthy() + " of " + targetCount / 2);
        report.info("Process CPU per second (all threads, listeners too)", Report.fmt(cpuPerSecond) + " ms");
        report.info("Checker CPU per second (tick, verdicts, I/O threads)", Report.fmt(checkerPerSecond) + " ms");
        report.note("measured for " + Report.fmt(elapsed) + " s; machine: " + shares);
        report.print();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** CPU of the threads that run the checker (threads that ended in between are missed; these never end). */
    private static long checkerThreadsCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("jacos-health-") || t.getName().startsWith("bench-scheduler-"))
                .mapToLong(t -> Math.max(0, threads.getThreadCpuTime(t.getId())))
                .sum();
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
