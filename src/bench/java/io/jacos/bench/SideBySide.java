package io.jacos.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two or more servers (Jacos bundles, the real Nacos, running servers) measured in one run, because this machine's
 * speed varies several-fold between days: only numbers taken side by side compare servers. Each round runs every
 * server once, a fresh one unless it is a running server the run attached to, with fresh clients; even rounds go
 * in reverse order (a, b, b, a, ...) so that a drift of the machine during the run weighs on every server alike.
 * The table holds each metric's median over the rounds per server and the ratio of each server to the first.
 */
final class SideBySide {

    private SideBySide() {
    }

    static void run(BenchConfig config) {
        if (!config.startsOwnServer()) {
            throw new IllegalArgumentException("side by side, name running servers in bench.servers (name=host:port@pid); "
                    + "drop bench.serverAddr");
        }
        List<BenchServer> servers = config.servers();
        List<String> labels = servers.stream().map(BenchServer::label).toList();
        // label -> metric name -> one value per successful round
        List<Map<String, List<Double>>> values = new ArrayList<>();
        List<Integer> succeeded = new ArrayList<>();
        Map<String, String> units = new LinkedHashMap<>();
        for (int i = 0; i < servers.size(); i++) {
            values.add(new LinkedHashMap<>());
            succeeded.add(0);
        }
        int runs = servers.size() * config.bundleRounds();
        int run = 0;
        for (int round = 1; round <= config.bundleRounds(); round++) {
            for (int k = 0; k < servers.size(); k++) {
                int b = round % 2 == 1 ? k : servers.size() - 1 - k;
                run++;
                Benchmark.log("=== run " + run + "/" + runs + ": round " + round + ", " + labels.get(b) + " ===");
                try {
                    BenchResults results = Benchmark.measure(config, servers.get(b), "bench-" + (char) ('a' + b));
                    for (BenchResults.Metric m : results.metrics()) {
                        units.putIfAbsent(m.name(), m.unit());
                        values.get(b).computeIfAbsent(m.name(), n -> new ArrayList<>()).add(m.value());
                    }
                    succeeded.set(b, succeeded.get(b) + 1);
                    Benchmark.log("run " + run + " done: " + summary(results));
                } catch (Exception e) {
                    // One failed run (a server that did not start, a client that did not connect) leaves the
                    // others usable; the table says how many rounds each median is over.
                    Benchmark.log("run " + run + " FAILED: " + e);
                }
            }
        }
        print(config, servers, labels, values, succeeded, units);
    }

    private static String summary(BenchResults r) {
        StringBuilder s = new StringBuilder();
        s.append("reg/s ").append(Report.fmt(r.reg().perSecond()))
                .append(", QPS ").append(Report.fmt(r.query().perSecond()))
                .append(", push p99 ").append(Report.fmt(r.push().latency().p99Ms())).append(" ms");
        if (r.fanOut() != null) {
            s.append(", fan-out p99 ").append(Report.fmt(r.fanOut().push().latency().p99Ms())).append(" ms");
        }
        if (r.manyServices() != null) {
            s.append(", many-services p99 ").append(Report.fmt(r.manyServices().latency().p99Ms())).append(" ms");
        }
        if (r.v1().beats() != null) {
            s.append(", 1.x beats/s ").append(Report.fmt(r.v1().beats().perSecond()));
        }
        if (r.v1().udp() != null) {
            s.append(", UDP push p99 ").append(Report.fmt(r.v1().udp().latency().p99Ms())).append(" ms");
        }
        return s.toString();
    }

    /** Each bundle's file name; its parent folder's name where file names repeat; the whole path as a last resort. */
    static List<String> labels(List<Path> bundles) {
        List<String> byFile = bundles.stream().map(p -> p.getFileName().toString()).toList();
        if (distinct(byFile)) {
            return byFile;
        }
        List<String> byFolder = bundles.stream().map(p -> {
            Path parent = p.toAbsolutePath().normalize().getParent();
            Path name = parent == null ? null : parent.getFileName();
            return name == null ? p.toString() : name.toString();
        }).toList();
        if (distinct(byFolder)) {
            return byFolder;
        }
        return bundles.stream().map(Path::toString).toList();
    }

    private static boolean distinct(List<String> names) {
        return names.stream().distinct().count() == names.size();
    }

    private static void print(BenchConfig config, List<BenchServer> servers, List<String> labels,
                              List<Map<String, List<Double>>> values, List<Integer> succeeded, Map<String, String> units) {
        List<String> header = new ArrayList<>();
        header.add("metric (median over rounds)");
        for (String label : labels) {
            header.add(label);
        }
        for (int b = 1; b < labels.size(); b++) {
            header.add(ratioName(labels, b));
        }
        List<List<String>> rows = new ArrayList<>();
        List<String> roundsRow = new ArrayList<>();
        roundsRow.add("rounds");
        for (int b = 0; b < labels.size(); b++) {
            roundsRow.add(succeeded.get(b) + "/" + config.bundleRounds());
        }
        for (int b = 1; b < labels.size(); b++) {
            roundsRow.add("");
        }
        rows.add(roundsRow);
        for (Map.Entry<String, String> metric : units.entrySet()) {
            List<String> row = new ArrayList<>();
            String unit = metric.getValue();
            row.add(metric.getKey() + (unit.isEmpty() ? "" : " (" + unit + ")"));
            double[] medians = new double[labels.size()];
            for (int b = 0; b < labels.size(); b++) {
                medians[b] = median(values.get(b).getOrDefault(metric.getKey(), List.of()));
                row.add(unit.isEmpty() && !Double.isNaN(medians[b])
                        ? String.format(Locale.ROOT, medians[b] == Math.rint(medians[b]) ? "%.0f" : "%.1f", medians[b])
                        : Report.fmt(medians[b]));
            }
            for (int b = 1; b < labels.size(); b++) {
                row.add(ratio(medians[b], medians[0]));
            }
            rows.add(row);
        }
        int[] widths = new int[header.size()];
        for (int c = 0; c < header.size(); c++) {
            widths[c] = header.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        String rule = "-".repeat(Arrays.stream(widths).sum() + 3 * (widths.length - 1));
        System.out.println();
        System.out.println("=== Jacos benchmark side by side (nacos-client 2.5.1) ===");
        for (int b = 0; b < labels.size(); b++) {
            System.out.println((char) ('a' + b) + " = " + labels.get(b) + " (" + servers.get(b).origin() + ")");
        }
        System.out.println(rule);
        System.out.println(line(header, widths));
        System.out.println(rule);
        rows.forEach(row -> System.out.println(line(row, widths)));
        System.out.println(rule);
        System.out.println("note: each round starts a fresh server of each started kind (running ones are reused); rounds "
                + "alternate the order (a, b, b, a, ...).");
        System.out.println("note: ratio > 1 means more of it: better for the rows in /s (work done), worse for the rest "
                + "(ms/s rows are CPU).");
        System.out.println("note: CPU figures are the server process's utime+stime from /proc (10 ms ticks).");
        if (config.auth() != null) {
            System.out.println("note: auth on for every server; every client logged in as " + config.auth().username() + ".");
        }
        System.out.flush();
    }

    private static String ratioName(List<String> labels, int b) {
        if (labels.size() == 2) {
            return "b/a";
        }
        return (char) ('a' + b) + "/a";
    }

    private static String line(List<String> cells, int[] widths) {
        StringBuilder s = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                s.append(" | ");
            }
            String format = c == 0 ? "%-" + widths[c] + "s" : "%" + widths[c] + "s";
            s.append(String.format(Locale.ROOT, format, cells.get(c)));
        }
        return s.toString();
    }

    private static String ratio(double value, double base) {
        if (Double.isNaN(value) || Double.isNaN(base) || base == 0) {
            return value == base ? "=" : "n/a";
        }
        return String.format(Locale.ROOT, "%.2f", value / base);
    }

    /** Median of the values that are numbers; NaN when there are none. */
    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }
}
