package io.jacos.bench;

import java.util.Locale;

/** Everything one run measured, and how it is laid out in the final table against the team's targets. */
record BenchResults(BenchConfig config, RegistrationPhase.Result reg, QueryPhase.Result query,
                    PushLatencyPhase.Result push, RemovalPhase.Result removal, double idleCpuMsPerSec,
                    int openClients, long rssKib, String machineShares) {

    static final double PUSH_P99_TARGET_MS = 100;
    static final double REMOVAL_TARGET_MS = 150;
    static final double REGISTER_CPU_TARGET_US = 70;
    static final double QUERY_CPU_TARGET_US = 50;

    void addTo(Report report) {
        report.info("registrations/s", String.format(Locale.ROOT, "%s (%d ok, %d failed, %s s, %d threads)",
                Report.fmt(reg.perSecond()), reg.completed(), reg.failed(), seconds(reg.wallNanos()), config.threads()));
        report.info("query QPS (getAllInstances, no subscribe)", String.format(Locale.ROOT,
                "%s (%d ok, %d failed, %d wrong size, %s s, %d threads)", Report.fmt(query.perSecond()),
                query.completed(), query.failed(), query.wrongSize(), seconds(query.wallNanos()), config.queryThreads()));
        report.info("push-notify latency, " + push.subscribers() + " subscribers", Report.latency(push.latency()));
        report.atMost("push-notify p99", push.latency().p99Ms(), PUSH_P99_TARGET_MS, "ms");
        report.info("removal seen after shutDown()", Report.latency(removal.seen()));
        report.atMost("removal seen p99", removal.seen().p99Ms(), REMOVAL_TARGET_MS, "ms");
        report.info("shutDown() call duration", Report.latency(removal.shutDownCall()));
        report.atMost("server CPU per register", reg.serverCpuMicrosPerOp(), REGISTER_CPU_TARGET_US, "us");
        report.atMost("server CPU per query", query.serverCpuMicrosPerOp(), QUERY_CPU_TARGET_US, "us");
        report.info("server CPU per push delivered", Report.fmt(push.serverCpuMicrosPerPush()) + " us");
        report.info("server idle CPU (" + openClients + " clients connected)", Report.fmt(idleCpuMsPerSec) + " ms/s");
        report.info("server CPU per register, net of idle",
                Report.fmt(netOfIdle(reg.serverCpuMicros(), reg.wallNanos(), reg.completed())) + " us");
        report.info("server CPU per query, net of idle",
                Report.fmt(netOfIdle(query.serverCpuMicros(), query.wallNanos(), query.completed())) + " us");
        report.info("server RSS at end", rssKib < 0 ? "n/a" : Report.fmt(rssKib / 1024.0) + " MiB");
        report.info("machine CPU during measured phases", machineShares);
        report.note("CPU is the server process's utime+stime from /proc (10 ms ticks), divided by completed calls.");
        report.note("client and server share the machine's CPUs; rates are bounded by both.");
        report.note("removal: p99 of " + removal.seen().count() + " samples is their maximum.");
        if (reg.firstError() != null) {
            report.note("first registration failure: " + reg.firstError());
        }
        if (query.firstError() != null) {
            report.note("first query failure: " + query.firstError());
        }
    }

    /** CPU per operation minus what the server burns anyway in the same time (timers, cluster, JIT). */
    private double netOfIdle(long cpuMicros, long wallNanos, int ops) {
        if (cpuMicros < 0 || Double.isNaN(idleCpuMsPerSec) || ops == 0) {
            return Double.NaN;
        }
        return (cpuMicros - idleCpuMsPerSec * 1000.0 * (wallNanos / 1e9)) / ops;
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e9);
    }
}
