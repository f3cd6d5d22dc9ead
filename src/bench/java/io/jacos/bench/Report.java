package io.jacos.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The final table: one row per measured value, with the team's target and whether it was met. */
final class Report {

    private record Row(String metric, String value, String target, String verdict) {
    }

    private final List<Row> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final String title;

    Report() {
        this("Jacos benchmark results (nacos-client 2.5.1; 1.x phases: raw HTTP v1 and UDP)");
    }

    Report(String title) {
        this.title = title;
    }

    /** A value without a target. */
    void info(String metric, String value) {
        rows.add(new Row(metric, value, "", ""));
    }

    /** A value that should be at most {@code limit}; NaN (not measured) is reported as such. */
    void atMost(String metric, double value, double limit, String unit) {
        String verdict = Double.isNaN(value) ? "n/a" : value <= limit ? "MET" : "MISSED";
        rows.add(new Row(metric, fmt(value) + " " + unit, "<= " + fmt(limit) + " " + unit, verdict));
    }

    void note(String text) {
        notes.add(text);
    }

    void print() {
        int w1 = "metric".length();
        int w2 = "value".length();
        int w3 = "target".length();
        for (Row r : rows) {
            w1 = Math.max(w1, r.metric().length());
            w2 = Math.max(w2, r.value().length());
            w3 = Math.max(w3, r.target().length());
        }
        String format = "%-" + w1 + "s | %" + w2 + "s | %-" + w3 + "s | %s%n";
        String rule = "-".repeat(w1 + w2 + w3 + 16);
        System.out.println();
        System.out.println("=== " + title + " ===");
        System.out.println(rule);
        System.out.printf(Locale.ROOT, format, "metric", "value", "target", "verdict");
        System.out.println(rule);
        for (Row r : rows) {
            System.out.printf(Locale.ROOT, format, r.metric(), r.value(), r.target(), r.verdict());
        }
        System.out.println(rule);
        notes.forEach(n -> System.out.println("note: " + n));
        System.out.flush();
    }

    static String fmt(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, value >= 100 ? "%.0f" : value >= 10 ? "%.1f" : "%.2f", value);
    }

    static String latency(Latencies.Summary s) {
        return String.format(Locale.ROOT, "p50 %s / p99 %s / max %s ms (n=%d, missed %d)",
                fmt(s.p50Ms()), fmt(s.p99Ms()), fmt(s.maxMs()), s.count(), s.missed());
    }
}
