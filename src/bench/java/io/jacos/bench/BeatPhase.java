package io.jacos.bench;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * 1.x heartbeats: N ephemeral instances registered over HTTP v1, each its own ip:port client as the server sees
 * it, then light beats (query string only, no body) from a fixed number of threads, round-robin over the
 * instances so that every lease is renewed well within the server's 15 s. Beats/s over wall time and the server's
 * CPU per beat. The instances are removed at the end, so later phases run against the same server state as before.
 */
final class BeatPhase {

    private static final String SERVICE_PREFIX = "bench-beat-";
    /** List queries between two beat rounds: a few seconds at most, well inside the 15 s lease. */
    private static final int LIST_CHUNK = 4_000;

    /**
     * Calls of one kind (registrations, beats or deregistrations); {@code firstError}: the first failure (request,
     * answer), so a run with failures says why; null without.
     */
    record Result(int instances, int completed, int failed, long wallNanos, long serverCpuMicros, String firstError) {

        double perSecond() {
            return wallNanos <= 0 ? Double.NaN : completed / (wallNanos / 1e9);
        }

        double serverCpuMicrosPerCall() {
            return serverCpuMicros < 0 || completed == 0 ? Double.NaN : serverCpuMicros / (double) completed;
        }

        /** Two runs of the same calls as one; CPU stays unknown (-1) if either did not read it. */
        Result plus(Result other) {
            long cpu = serverCpuMicros < 0 || other.serverCpuMicros < 0 ? -1 : serverCpuMicros + other.serverCpuMicros;
            return new Result(instances, completed + other.completed, failed + other.failed,
                    wallNanos + other.wallNanos, cpu, firstError != null ? firstError : other.firstError);
        }
    }

    private record Target(String service, String ip, int port) {
    }

    private final V1Http http;
    private final boolean ephemeral;
    private final List<Target> targets = new ArrayList<>();
    private final int threads;
    private final ServerProcess server;
    private final long timeoutMillis;

    BeatPhase(V1Http http, int instances, int services, int threads, ServerProcess server, long timeoutMillis) {
        this(http, instances, services, threads, server, timeoutMillis, SERVICE_PREFIX, true);
    }

    /** Instances of either kind: persistent ones ({@code ephemeral} false) are registered and removed, never beaten. */
    BeatPhase(V1Http http, int instances, int services, int threads, ServerProcess server, long timeoutMillis,
              String servicePrefix, boolean ephemeral) {
        this.http = http;
        this.ephemeral = ephemeral;
        this.threads = threads;
        this.server = server;
        this.timeoutMillis = timeoutMillis;
        for (int i = 0; i < instances; i++) {
            // A distinct address per instance: over HTTP the server keys a client by ip:port.
            targets.add(new Target(servicePrefix + i % services, "127.1." + i / 250 + "." + (i % 250 + 1), 20_000 + i));
        }
    }

    /**
     * Registration, warm-up, the measured beats and removal, logged as it goes. Throws when a registration fails:
     * every beat for that instance would then be counted as a failure of the beat path.
     */
    static Measured measure(BenchConfig config, V1Http http, ServerProcess server) throws InterruptedException {
        BeatPhase phase = new BeatPhase(http, config.beatInstances(), config.beatServices(), config.beatThreads(),
                server, config.phaseTimeoutMillis());
        Result registered = phase.register();
        Benchmark.log("1.x beats: " + registered.completed() + " instances registered over HTTP in "
                + Report.fmt(registered.wallNanos() / 1e6) + " ms, " + Report.fmt(registered.serverCpuMicrosPerCall())
                + " us server CPU each");
        try {
            if (registered.failed() > 0) {
                throw new IllegalStateException(registered.failed() + " of " + config.beatInstances()
                        + " HTTP registrations failed, first: " + registered.firstError());
            }
            // The first beat of a 1.4.6 client carries the body; the answer's lightBeatEnabled drops it afterwards.
            Result full = phase.beats(config.beatInstances(), true);
            Benchmark.log("  warm-up: " + full.completed() + " full beats, " + Report.fmt(full.serverCpuMicrosPerCall())
                    + " us/beat" + (full.failed() == 0 ? "" : ", " + full.failed() + " failed (" + full.firstError() + ")"));
            // Several passes, each logged: 20,000 beats left the server's CPU per beat at twice its settled value.
            for (int pass = 1; pass <= config.warmupPasses(); pass++) {
                Result warm = phase.beats(config.beatWarmupCalls(), false);
                Benchmark.log(String.format(Locale.ROOT, "  warm-up pass %d/%d: %d light beats, %s/s, %s us/beat%s",
                        pass, config.warmupPasses(), warm.completed(), Report.fmt(warm.perSecond()),
                        Report.fmt(warm.serverCpuMicrosPerCall()), warm.failed() == 0 ? ""
                                : ", " + warm.failed() + " failed (" + warm.firstError() + ")"));
            }
            Benchmark.log("  " + config.beatCalls() + " light beats from " + config.beatThreads() + " threads");
            // Client and server share the machine: this says which of them bounds beats/s.
            MachineCpu machine = new MachineCpu(server.pid());
            MachineCpu.Snapshot before = machine.snapshot();
            Result measured = phase.beats(config.beatCalls(), false);
            Benchmark.log("  machine CPU during the measured beats: "
                    + MachineCpu.shares(before, machine.snapshot(), server.ticksPerSecond()));
            return new Measured(measured, phase.measureLists(config));
        } finally {
            // Nothing to remove when no registration went through (a server without the HTTP API).
            if (registered.completed() > 0) {
                Result removed = phase.deregister();
                if (removed.failed() > 0) {
                    Benchmark.log("  " + removed.failed() + " deregistrations failed, first: " + removed.firstError());
                }
            }
        }
    }

    /** The beats, and the 1.x {@code instance/list} queries of the same services while their instances live. */
    record Measured(Result beats, Result lists) {
    }

    /** Queries as a 1.4.6 client's poll sends them, without a UDP port: warm-up passes, then the measured calls. */
    private Result measureLists(BenchConfig config) throws InterruptedException {
        int expected = targets.size() / services();
        for (int pass = 1; pass <= config.warmupPasses(); pass++) {
            Result warm = lists(config.beatWarmupCalls(), expected);
            Benchmark.log(String.format(Locale.ROOT, "  instance/list warm-up pass %d/%d: %s/s, %s us/call%s", pass,
                    config.warmupPasses(), Report.fmt(warm.perSecond()), Report.fmt(warm.serverCpuMicrosPerCall()),
                    warm.failed() == 0 ? "" : ", " + warm.failed() + " failed (" + warm.firstError() + ")"));
        }
        Benchmark.log("  " + config.beatCalls() + " instance/list calls from " + threads + " threads");
        return lists(config.beatCalls(), expected);
    }

    private int services() {
        return (int) targets.stream().map(Target::service).distinct().count();
    }

    /**
     * {@code calls} list queries round-robin over the services; one counts when it shows every instance. The
     * queries go in chunks with one uncounted beat for each instance before each chunk, as its client would beat
     * meanwhile: a pass takes longer than the 15 s lease, and a list of expired instances measures nothing.
     */
    Result lists(int calls, int expected) throws InterruptedException {
        List<String> names = targets.stream().map(Target::service).distinct().toList();
        Result total = new Result(targets.size(), 0, 0, 0, 0, null);
        for (int done = 0; done < calls; done += LIST_CHUNK) {
            beats(targets.size(), false);
            int offset = done;
            Result chunk = drive(Math.min(LIST_CHUNK, calls - done), i -> {
                String service = names.get((offset + i) % names.size());
                V1Http.Answer answer = http.list(service, 0);
                if (answer.status() != 200 || answer.json().path("hosts").size() < expected) {
                    return "list " + service + ": " + answer;
                }
                return null;
            });
            total = total.plus(chunk);
        }
        return total;
    }

    Result register() throws InterruptedException {
        return drive(targets.size(), i -> {
            Target t = targets.get(i);
            V1Http.Answer answer = http.register(t.service(), t.ip(), t.port(), ephemeral);
            return answer.ok() ? null : "register " + t + ": " + answer;
        });
    }

    /** {@code calls} beats, round-robin over the instances; a beat counts only if its answer is code 10200. */
    Result beats(int calls, boolean full) throws InterruptedException {
        return drive(calls, i -> {
            Target t = targets.get(i % targets.size());
            V1Http.Answer answer = http.beat(t.service(), t.ip(), t.port(), full);
            if (answer.status() != 200) {
                return "beat " + t + ": " + answer;
            }
            JsonNode json = answer.json();
            // Without clientBeatInterval a 1.4.6 client skips the code check, so a missing one is a failure too.
            if (json.path("code").asInt() != 10200 || json.path("clientBeatInterval").asLong() <= 0) {
                return "beat " + t + ": " + answer;
            }
            return null;
        });
    }

    Result deregister() throws InterruptedException {
        return drive(targets.size(), i -> {
            Target t = targets.get(i);
            V1Http.Answer answer = http.deregister(t.service(), t.ip(), t.port(), ephemeral);
            return answer.ok() ? null : "deregister " + t + ": " + answer;
        });
    }

    /**
     * Runs {@code call(0..calls-1)} from {@link #threads} threads until all are done or the time bound passes; a
     * call returns null on success, otherwise what went wrong. Wall time ends when the last thread finishes.
     */
    private Result drive(int calls, IntFunction<String> call) throws InterruptedException {
        long cpuBefore = server.cpuMicros();
        // Each call is bounded by V1Http's own timeout, so the joins end soon after the deadline.
        ClaimedCalls.Outcome outcome = ClaimedCalls.run(calls, threads, timeoutMillis, 15_000, "bench-beat",
                (thread, index) -> call.apply(index));
        long cpuAfter = server.cpuMicros();
        long cpu = cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore;
        return new Result(targets.size(), outcome.completed(), outcome.failed(), outcome.wallNanos(), cpu,
                outcome.firstError());
    }
}
