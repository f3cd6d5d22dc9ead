package io.jacos.bench;

import io.jacos.health.ProbeResult;
import io.jacos.health.Prober;
import io.jacos.model.HealthCheck;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/** Wraps the real prober to count finished probes and time those of live targets, once recording is on. */
final class TimedProber implements Prober {

    private final Prober real;
    private final Set<Integer> liveProbePorts;
    private final Latencies liveLatencies = new Latencies();
    private final AtomicLong finished = new AtomicLong();
    private volatile boolean recording;

    TimedProber(Prober real, Set<Integer> liveProbePorts) {
        this.real = real;
        this.liveProbePorts = liveProbePorts;
    }

    @Override
    public CompletableFuture<ProbeResult> probe(String host, int port, HealthCheck check) {
        long start = System.nanoTime();
        boolean live = liveProbePorts.contains(port);
        CompletableFuture<ProbeResult> answer = real.probe(host, port, check);
        answer.whenComplete((result, failure) -> {
            if (!recording) {
                return;
            }
            finished.incrementAndGet();
            if (live) {
                liveLatencies.add(System.nanoTime() - start);
            }
        });
        return answer;
    }

    void record() {
        recording = true;
    }

    void pause() {
        recording = false;
    }

    long finished() {
        return finished.get();
    }

    Latencies.Summary liveLatencies() {
        return liveLatencies.summary();
    }
}
