package io.jacos.it.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the run found, bounded: the first few problems of each kind in full (with the case index, which with the seed
 * reproduces the input), a count per kind of problem, and a count per kind of answer for the report.
 */
final class Findings {

    private static final int KEPT_PER_KIND = 6;

    private final Queue<String> problems = new ConcurrentLinkedQueue<>();
    private final Map<String, AtomicInteger> kept = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> problemCounts = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();

    void problem(String kind, String detail) {
        problemCounts.computeIfAbsent(kind, k -> new LongAdder()).increment();
        if (kept.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet() <= KEPT_PER_KIND) {
            problems.add(kind + ": " + detail);
        }
    }

    void outcome(String what) {
        outcomes.computeIfAbsent(what, k -> new LongAdder()).increment();
    }

    boolean clean() {
        return problemCounts.isEmpty();
    }

    String report() {
        StringBuilder s = new StringBuilder();
        Map<String, Long> counts = new TreeMap<>();
        problemCounts.forEach((k, v) -> counts.put(k, v.sum()));
        s.append("problems by kind: ").append(counts).append('\n');
        List<String> first = new ArrayList<>(problems);
        first.forEach(p -> s.append("  ").append(p).append('\n'));
        return s.toString();
    }

    String outcomes() {
        Map<String, Long> sorted = new TreeMap<>();
        outcomes.forEach((k, v) -> sorted.put(k, v.sum()));
        return sorted.toString();
    }
}
