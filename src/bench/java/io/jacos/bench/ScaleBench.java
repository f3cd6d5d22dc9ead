package io.jacos.bench;

import io.jacos.it.support.JacosServer;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The scale scenarios, absolute figures rather than side-by-side ratios (issue 12, item 4), in a program of their
 * own since each holds thousands of connections for minutes:
 * <ul>
 *   <li>size: {@code bench.scale.instances} instances over {@code bench.scale.connections} connections; the
 *       server's RSS and its CPU over an idle window ({@link ScaleSizePhase});</li>
 *   <li>fan-out: one change to a service every one of those connections subscribes to ({@link ScaleFanOutPhase});</li>
 *   <li>churn soak for {@code bench.soak.minutes}: heap after GC over time and the leftovers check
 *       ({@link SoakPhase}), on a fresh server after the other two.</li>
 * </ul>
 * A scenario with size 0 is skipped. It starts its own server from {@code bench.bundle} (default: the built bundle)
 * on {@code bench.port}, or attaches to {@code bench.serverAddr} (with {@code bench.pid} for CPU, RSS and heap).
 */
public final class ScaleBench {

    private static volatile JacosServer current;

    private ScaleBench() {
    }

    public static void main(String[] args) {
        int exitCode = 1;
        startWatchdog(Long.getLong("bench.scale.maxRunSeconds", 3_600));
        try {
            String bundle = System.getProperty("bench.bundle");
            scenarios(bundle == null ? null : Path.of(bundle)).print();
            exitCode = 0;
        } catch (Throwable t) {
            System.err.println("[bench] FAILED: " + t);
            t.printStackTrace();
        }
        System.exit(exitCode);
    }

    /**
     * Runs the scenarios against servers from {@code bundle} (null: the built bundle) and returns their report.
     * Also used by {@link Benchmark} after its side-by-side table, on the newest bundle.
     */
    static Report scenarios(Path bundle) throws Exception {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            JacosServer server = current;
            if (server != null) {
                server.stop();
            }
        }, "scale-server-stop"));
        Report report = new Report("Jacos scale scenarios (absolute; raw gRPC clients, one connection each)");
        int connections = Integer.getInteger("bench.scale.connections", 10_000);
        if (connections > 0) {
            withServer("scale", bundle, server -> scale(connections, server, report));
        }
        double soakMinutes = Double.parseDouble(System.getProperty("bench.soak.minutes", "0"));
        if (soakMinutes > 0) {
            withServer("soak", bundle, server -> soak(soakMinutes, server, report));
        }
        report.note("machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, load average "
                + java.nio.file.Files.readString(Path.of("/proc/loadavg")).trim());
        return report;
    }

    private static void startWatchdog(long maxSeconds) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(maxSeconds * 1000);
                System.err.println("[bench] gave up after " + maxSeconds + " s");
                System.exit(3);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "scale-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private interface ServerTask {
        void run(Attached server) throws Exception;
    }

    record Attached(String serverAddr, ServerProcess process, ServerProbe probe) {
    }

    private static void withServer(String name, Path bundle, ServerTask task) throws Exception {
        String addr = System.getProperty("bench.serverAddr");
        if (addr != null && !addr.isBlank()) {
            long pid = Long.getLong("bench.pid", 0);
            task.run(new Attached(addr, new ServerProcess(pid), new ServerProbe(pid, addr)));
            return;
        }
        JacosServer server = ServerStarter.start("bench-" + name, Integer.getInteger("bench.port", 40848), bundle,
                s -> current = s);
        try {
            task.run(new Attached(server.serverAddr(), new ServerProcess(server.pid()),
                    new ServerProbe(server.pid(), server.serverAddr())));
        } finally {
            server.stop();
            current = null;
        }
    }

    private static void scale(int connections, Attached server, Report report) throws Exception {
        int instances = Integer.getInteger("bench.scale.instances", 100_000);
        int services = Integer.getInteger("bench.scale.services", 1_000);
        int rounds = Integer.getInteger("bench.scale.fanoutRounds", 10);
        int warmUpRounds = Integer.getInteger("bench.scale.fanoutWarmUpRounds", 20);
        long idleMillis = Long.getLong("bench.scale.idleMillis", 30_000);
        long rssBefore = server.process().rssKib();
        try (ScaleFleet fleet = ScaleFleet.open(server.serverAddr(), connections,
                Integer.getInteger("bench.scale.connectRate", 500), Integer.getInteger("bench.scale.connectThreads", 8),
                Boolean.getBoolean("bench.scale.clientKeepAlive"));
             RawSubscriber publisher = RawSubscriber.open(server.serverAddr())) {
            report.info("scale: connections open (rate-bounded set-up)", Integer.toString(connections));
            report.info("scale: server RSS before connecting", Report.fmt(rssBefore / 1024.0) + " MiB");
            if (instances > 0) {
                ScaleSizePhase.Result size = ScaleSizePhase.run(fleet, instances, services,
                        Long.getLong("bench.scale.settleMillis", 60_000), idleMillis, server.process(), server.probe());
                report.info("size: instances / services registered", size.instances() + " / " + size.services()
                        + " in " + Report.fmt(size.registerSeconds()) + " s");
                report.atMost("size: server RSS holding them", size.rssKib() / 1024.0, 1_536, "MiB");
                report.info("size: server heap after GC", Report.fmt(size.heapAfterGcBytes() / 1048576.0) + " MiB");
                report.atMost(String.format(Locale.ROOT, "size: server idle CPU (%.0f s window)", size.idleSeconds()),
                        size.idleCpuPercentOfOneCore(), 5, "% of one core");
            }
            if (rounds > 0) {
                Latencies.Summary fanout = ScaleFanOutPhase.run(fleet, publisher, warmUpRounds, rounds,
                        Long.getLong("bench.scale.roundTimeoutMillis", 30_000));
                report.info("fan-out: subscribers x rounds counted (after warm-up)", connections + " x " + rounds
                        + " (" + warmUpRounds + "), missed " + fanout.missed());
                report.info("fan-out: p50 / max", Report.fmt(fanout.p50Ms()) + " / " + Report.fmt(fanout.maxMs()) + " ms");
                report.atMost("fan-out: p99, all notified", fanout.missed() > 0 ? Double.POSITIVE_INFINITY
                        : fanout.p99Ms(), 1_000, "ms");
                report.info("fan-out: server RSS after", Report.fmt(server.process().rssKib() / 1024.0) + " MiB");
            }
        }
    }

    private static void soak(double minutes, Attached server, Report report) throws Exception {
        SoakPhase.Result soak = SoakPhase.run(server.serverAddr(), minutes,
                Integer.getInteger("bench.soak.cyclesPerSecond", 20), Integer.getInteger("bench.soak.workers", 8),
                Integer.getInteger("bench.soak.steady", 100), Integer.getInteger("bench.soak.services", 50),
                Long.getLong("bench.soak.holdMillis", 500), Long.getLong("bench.soak.sampleSeconds", 60),
                server.probe());
        report.info("soak: minutes / client cycles (failed)", Report.fmt(soak.minutes()) + " / " + soak.cycles()
                + " (" + soak.failures() + ")");
        StringBuilder heaps = new StringBuilder();
        for (long[] s : soak.samples()) {
            heaps.append(heaps.isEmpty() ? "" : " ").append(s[1] >> 20);
        }
        report.info("soak: heap after GC samples (MiB)", heaps.toString());
        report.info("soak: heap slope, all samples", Report.fmt(soak.slopeMibPerHour()) + " MiB/h");
        report.info("soak: heap slope, after the first", Report.fmt(soak.slopeAfterFirstMibPerHour()) + " MiB/h");
        report.info("soak: left behind (instances/subscriptions/grpc conns/clients)", soak.leftovers() == null ? "n/a"
                : String.format(Locale.ROOT, "%.0f / %.0f / %.0f / %.0f %s", soak.leftovers().instances(),
                soak.leftovers().subscribers(), soak.leftovers().grpcConnections(),
                soak.leftovers().connectionClients(), soak.clean()
                        ? "(all 0, " + Report.fmt(soak.settleSeconds()) + " s after the last close)" : "NOT CLEAN"));
    }
}
