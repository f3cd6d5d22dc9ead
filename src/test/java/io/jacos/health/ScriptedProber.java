package io.jacos.health;

import io.jacos.model.HealthCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A prober whose probes stay open until the test answers them. */
final class ScriptedProber implements Prober {

    record Call(String host, int port, HealthCheck check, CompletableFuture<ProbeResult> answer) {
    }

    private final List<Call> calls = new ArrayList<>();

    @Override
    public synchronized CompletableFuture<ProbeResult> probe(String host, int port, HealthCheck check) {
        Call call = new Call(host, port, check, new CompletableFuture<>());
        calls.add(call);
        return call.answer();
    }

    synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    synchronized List<Call> callsTo(int port) {
        return calls.stream().filter(c -> c.port() == port).toList();
    }

    synchronized List<Call> unanswered() {
        return calls.stream().filter(c -> !c.answer().isDone()).toList();
    }

    /** The one probe of {@code port} still open. */
    Call openProbeOf(int port) {
        List<Call> open = callsTo(port).stream().filter(c -> !c.answer().isDone()).toList();
        if (open.size() != 1) {
            throw new AssertionError("expected one open probe of " + port + ", found " + open.size());
        }
        return open.get(0);
    }
}
