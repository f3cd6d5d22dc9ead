package io.jacos.bench;

import java.util.Arrays;

/** Latency samples in nanoseconds, collected from many threads; summarized as p50/p99/max in ms. */
final class Latencies {

    private long[] samples = new long[256];
    private int size;
    private int missed;

    synchronized void add(long nanos) {
        if (size == samples.length) {
            samples = Arrays.copyOf(samples, size * 2);
        }
        samples[size++] = nanos;
    }

    /** An expected observation that did not arrive within its bound. */
    synchronized void miss() {
        missed++;
    }

    synchronized Summary summary() {
        long[] sorted = Arrays.copyOf(samples, size);
        Arrays.sort(sorted);
        return new Summary(size, missed, ms(percentile(sorted, 50)), ms(percentile(sorted, 99)),
                ms(size == 0 ? -1 : sorted[size - 1]));
    }

    /** Nearest-rank percentile; -1 without samples. */
    private static long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return -1;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    private static double ms(long nanos) {
        return nanos < 0 ? Double.NaN : nanos / 1_000_000.0;
    }

    record Summary(int count, int missed, double p50Ms, double p99Ms, double maxMs) {
    }
}
