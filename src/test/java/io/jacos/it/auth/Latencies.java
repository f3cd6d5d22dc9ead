package io.jacos.it.auth;

import io.jacos.it.support.NacosHttp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** How long readiness and an authorized instance list took, request by request, and the answers other than 200. */
record Latencies(List<Long> readinessMillis, List<Long> listMillis, List<String> failures) {

    /** Readiness and an instance list with {@code token}, one after the other, until {@code done} or {@code rounds}. */
    static Latencies measure(NacosHttp probes, String token, int rounds, BooleanSupplier done) {
        List<Long> readiness = new ArrayList<>();
        List<Long> list = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < rounds && !done.getAsBoolean(); i++) {
            long start = System.nanoTime();
            NacosHttp.Answer ready = probes.get("/nacos/v1/console/health/readiness", Map.of());
            long mid = System.nanoTime();
            NacosHttp.Answer listed = probes.get("/nacos/v1/ns/instance/list", Map.of("serviceName",
                    "throttle-probe-service", "accessToken", token));
            long end = System.nanoTime();
            readiness.add(TimeUnit.NANOSECONDS.toMillis(mid - start));
            list.add(TimeUnit.NANOSECONDS.toMillis(end - mid));
            if (ready.status() != 200) {
                failures.add("readiness " + ready);
            }
            if (listed.status() != 200) {
                failures.add("instance list " + listed);
            }
        }
        return new Latencies(readiness, list, failures);
    }

    int count() {
        return readinessMillis.size();
    }

    long maxMillis() {
        return Math.max(readinessMillis.stream().mapToLong(Long::longValue).max().orElse(0),
                listMillis.stream().mapToLong(Long::longValue).max().orElse(0));
    }

    /** p50/p99/max of readiness. */
    String readiness() {
        return summary(readinessMillis);
    }

    /** p50/p99/max of the instance list. */
    String list() {
        return summary(listMillis);
    }

    private static String summary(List<Long> millis) {
        if (millis.isEmpty()) {
            return "none";
        }
        List<Long> sorted = millis.stream().sorted().toList();
        return percentile(sorted, 50) + "/" + percentile(sorted, 99) + "/" + sorted.get(sorted.size() - 1)
                + " ms (n=" + sorted.size() + ")";
    }

    private static long percentile(List<Long> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }
}
