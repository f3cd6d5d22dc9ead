package io.jacos.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How {@link ConfigPhase}'s figures show: rows of the side-by-side table and of the single-server report. */
final class ConfigRows {

    private ConfigRows() {
    }

    /** The side-by-side rows, NaN when the phase did not run; lower is better in all but the /s row. */
    static List<BenchResults.Metric> metrics(ConfigPhase.Result r) {
        Latencies.Summary s = r == null ? null : r.latency();
        QueryPhase.Result q = r == null ? null : r.queries();
        List<BenchResults.Metric> m = new ArrayList<>();
        m.add(new BenchResults.Metric("config publish to listener p50", "ms", s == null ? Double.NaN : s.p50Ms()));
        m.add(new BenchResults.Metric("config publish to listener p99", "ms", s == null ? Double.NaN : s.p99Ms()));
        m.add(new BenchResults.Metric("config publish to listener max", "ms", s == null ? Double.NaN : s.maxMs()));
        m.add(new BenchResults.Metric("config publish to listener missed", "", s == null ? Double.NaN : s.missed()));
        m.add(new BenchResults.Metric("config queries (getConfig)", "/s", q == null ? Double.NaN : q.perSecond()));
        m.add(new BenchResults.Metric("server CPU per config query", "us",
                q == null ? Double.NaN : q.serverCpuMicrosPerOp()));
        m.add(new BenchResults.Metric("server CPU per config publish", "us",
                r == null ? Double.NaN : r.serverCpuMicrosPerPublish()));
        return m;
    }

    /** The single-server report's rows. */
    static void addTo(Report report, ConfigPhase.Result r) {
        if (r == null) {
            report.info("config phase", "not measured (off, or see the log)");
            return;
        }
        QueryPhase.Result q = r.queries();
        report.info("config publish to listener, " + r.listeners() + " listeners", Report.latency(r.latency()) + ", "
                + r.rounds() + " rounds, " + r.failedPublishes() + " publishes failed");
        report.info("config queries/s (getConfig)", String.format(Locale.ROOT,
                "%s (%d ok, %d failed, %d of them wrong content)", Report.fmt(q.perSecond()), q.completed(), q.failed(),
                q.wrongSize()));
        report.info("server CPU per config query", Report.fmt(q.serverCpuMicrosPerOp()) + " us");
        report.info("server CPU per config publish (" + r.listeners() + " listeners)",
                Report.fmt(r.serverCpuMicrosPerPublish()) + " us");
        if (q.firstError() != null) {
            report.note("first getConfig failure: " + q.firstError());
        }
    }
}
