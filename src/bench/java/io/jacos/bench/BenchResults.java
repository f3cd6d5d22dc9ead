package io.jacos.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Everything one run measured, and how it is laid out in the final table against the team's targets. */
record BenchResults(BenchConfig config, RegistrationPhase.Result reg, QueryPhase.Result query,
                    PushLatencyPhase.Result push, RemovalPhase.Result removal, double idleCpuMsPerSec,
                    int openClients, long rssKib, String machineShares,
                    ManyServicesPushPhase.Result manyServices, V1Phases.Result v1, FanOutPhase.Result fanOut,
                    Startup startup, BurstRemovalPhase.Result burstRemoval, long peakRssKib, long threads,
                    double floorCpuMicros, ConfigPhase.Result configPhase) {

    /**
     * The server's start: wall time from its process's launch to the first readiness answer UP, and the CPU the
     * process used until then (steadier than wall time on a shared machine); NaN when the benchmark attached to a
     * running server.
     */
    record Startup(double readySeconds, double cpuSeconds) {
        static final Startup UNSEEN = new Startup(Double.NaN, Double.NaN);
    }

    /** One number of a run, as the side-by-side table compares them. */
    record Metric(String name, String unit, double value) {
    }

    static final double PUSH_P99_TARGET_MS = 100;
    static final double REMOVAL_TARGET_MS = 150;
    static final double REGISTER_CPU_TARGET_US = 70;
    static final double QUERY_CPU_TARGET_US = 50;

    void addTo(Report report) {
        report.info("start-up, process start to /health/ready UP", Report.fmt(startup.readySeconds()) + " s ("
                + Report.fmt(startup.cpuSeconds()) + " s server CPU)");
        report.info("registrations/s", String.format(Locale.ROOT, "%s (%d ok, %d failed, %s s, %d threads)",
                Report.fmt(reg.perSecond()), reg.completed(), reg.failed(), seconds(reg.wallNanos()), config.threads()));
        report.info("query QPS (getAllInstances, no subscribe)", String.format(Locale.ROOT,
                "%s (%d ok, %d failed, %d wrong size, %s s, %d threads)", Report.fmt(query.perSecond()),
                query.completed(), query.failed(), query.wrongSize(), seconds(query.wallNanos()), config.queryThreads()));
        report.info("push-notify latency, " + push.subscribers() + " subscribers", Report.latency(push.latency()));
        report.atMost("push-notify p99", push.latency().p99Ms(), PUSH_P99_TARGET_MS, "ms");
        if (fanOut != null) {
            report.info("push-notify latency, " + fanOut.clients() + (fanOut.raw() ? " raw" : "")
                            + " subscribers of one service",
                    Report.latency(fanOut.push().latency()) + ", " + fanOut.push().rounds() + " rounds");
            report.atMost("push-notify p99, " + fanOut.clients() + " subscribers", fanOut.push().latency().p99Ms(),
                    PUSH_P99_TARGET_MS, "ms");
        }
        if (manyServices != null) {
            report.info("push-notify latency, 1" + (config.manyServicesRaw() ? " raw" : "") + " subscriber of "
                            + manyServices.services() + " services",
                    Report.latency(manyServices.latency()) + ", " + manyServices.rounds() + " rounds");
            report.atMost("push-notify p99, " + manyServices.services() + " services", manyServices.latency().p99Ms(),
                    PUSH_P99_TARGET_MS, "ms");
        }
        BeatPhase.Result beats = v1.beats();
        UdpPushPhase.Result udp = v1.udp();
        if (beats != null) {
            report.info("1.x beats/s", String.format(Locale.ROOT, "%s (%d ok, %d failed, %s s, %d threads, %d instances)",
                    Report.fmt(beats.perSecond()), beats.completed(), beats.failed(), seconds(beats.wallNanos()),
                    config.beatThreads(), beats.instances()));
            report.info("server CPU per beat (µs)", Report.fmt(beats.serverCpuMicrosPerCall()));
        }
        if (v1.lists() != null) {
            report.info("1.x instance/list/s", String.format(Locale.ROOT, "%s (%d ok, %d failed), %s µs server CPU each",
                    Report.fmt(v1.lists().perSecond()), v1.lists().completed(), v1.lists().failed(),
                    Report.fmt(v1.lists().serverCpuMicrosPerCall())));
        }
        if (udp != null) {
            report.info("UDP push-notify p50/p99 (ms), 1 subscriber", Report.latency(udp.latency()) + ", "
                    + udp.rounds() + " rounds");
            report.atMost("UDP push-notify p99", udp.latency().p99Ms(), PUSH_P99_TARGET_MS, "ms");
            report.info("UDP packets / retransmits seen / acks counted by server", udp.packets() + " / "
                    + udp.retransmits() + " / " + (udp.serverAcks() < 0 ? "n/a" : Long.toString(udp.serverAcks())));
        }
        BeatPhase.Result stored = v1.persistentRegistrations();
        if (stored != null) {
            report.info("persistent registrations/s (HTTP, stored)", String.format(Locale.ROOT,
                    "%s (%d ok, %s us server CPU each; removals %s/s)", Report.fmt(stored.perSecond()),
                    stored.completed(), Report.fmt(stored.serverCpuMicrosPerCall()),
                    Report.fmt(v1.persistentRemovals().perSecond())));
        }
        HealthLoadPhase.Result health = v1.health();
        if (health != null) {
            report.info("health checks, " + health.targets() + " persistent instances (half dead)", String.format(
                    Locale.ROOT, "%s live probes/s seen; server CPU %s ms/s (idle before: %s ms/s); dead marked "
                            + "unhealthy %d of %d; live marked unhealthy %d", Report.fmt(health.liveProbesPerSecond()),
                    Report.fmt(health.serverCpuMsPerSecond()), Report.fmt(health.idleCpuMsPerSecond()),
                    health.deadUnhealthy(), health.deadTargets(), health.liveUnhealthy()));
        }
        report.info("removal seen after shutDown()", Report.latency(removal.seen()));
        report.atMost("removal seen p99", removal.seen().p99Ms(), REMOVAL_TARGET_MS, "ms");
        report.info("shutDown() call duration", Report.latency(removal.shutDownCall()));
        if (burstRemoval != null) {
            report.info("removal seen, " + burstRemoval.publishers() + " clients closing at once, "
                    + burstRemoval.subscribers() + " subscribers", Report.latency(burstRemoval.seen()) + ", "
                    + burstRemoval.rounds() + " rounds; shutDown() calls " + Report.latency(burstRemoval.shutDownCall()));
        }
        ConfigRows.addTo(report, configPhase);
        report.atMost("server CPU per register", reg.serverCpuMicrosPerOp(), REGISTER_CPU_TARGET_US, "us");
        report.atMost("server CPU per query", query.serverCpuMicrosPerOp(), QUERY_CPU_TARGET_US, "us");
        report.info("server CPU per gRPC no-op request (ServerCheck, the floor)", Report.fmt(floorCpuMicros) + " us");
        report.info("server CPU per push delivered", Report.fmt(push.serverCpuMicrosPerPush()) + " us");
        if (fanOut != null) {
            report.info("server CPU per push delivered, " + fanOut.clients() + " subscribers",
                    Report.fmt(fanOut.push().serverCpuMicrosPerPush()) + " us");
        }
        if (manyServices != null) {
            report.info("server CPU per service changed + pushed, " + manyServices.services() + " services",
                    Report.fmt(manyServices.serverCpuMicrosPerChange()) + " us");
        }
        report.info("server idle CPU (" + openClients + " clients connected)", Report.fmt(idleCpuMsPerSec) + " ms/s");
        report.info("server CPU per register, net of idle",
                Report.fmt(netOfIdle(reg.serverCpuMicros(), reg.wallNanos(), reg.completed())) + " us");
        report.info("server CPU per query, net of idle",
                Report.fmt(netOfIdle(query.serverCpuMicros(), query.wallNanos(), query.completed())) + " us");
        if (beats != null) {
            report.info("server CPU per beat, net of idle",
                    Report.fmt(netOfIdle(beats.serverCpuMicros(), beats.wallNanos(), beats.completed())) + " us");
        }
        report.info("server RSS after the standard phases", mib(rssKib) + ", " + threads + " threads");
        report.info("server peak RSS (VmHWM) over the whole run", mib(peakRssKib));
        if (fanOut != null) {
            report.info("server RSS holding " + fanOut.clients() + " more connections", mib(fanOut.serverRssKib()));
            String what = fanOut.clients() + (fanOut.raw() ? " raw subscribers" : " clients");
            report.info("benchmark JVM cost of " + what, String.format(Locale.ROOT,
                    "%+d threads, %+.0f MiB heap, JVM RSS %s; connected in %s s", fanOut.benchThreadsAdded(),
                    fanOut.benchHeapAdded() / 1048576.0, mib(fanOut.benchRssKib()),
                    seconds(fanOut.connectNanos())));
        }
        report.info("machine CPU during measured phases", machineShares);
        report.note("CPU is the server process's utime+stime from /proc (10 ms ticks), divided by completed calls.");
        report.note("client and server share the machine's CPUs; rates are bounded by both.");
        report.note("removal: p99 of " + removal.seen().count() + " samples is their maximum.");
        if (fanOut != null) {
            report.note(fanOut.raw()
                    ? "fan-out: " + fanOut.clients() + " raw gRPC subscribers (RawSubscriber), one connection each; "
                    + "latency until the push arrives on the connection, without nacos-client's own work."
                    : "fan-out: " + fanOut.clients() + " real NamingService clients, one gRPC connection each, in this "
                    + "JVM; their per-push work and shared event thread add to that latency (-Dbench.fanout.client=raw "
                    + "leaves them out).");
        }
        if (manyServices != null) {
            report.note(manyServices.services() + " services: latency runs from each service's registerInstance "
                    + "call (" + config.threads() + " threads, one publisher connection) to "
                    + (config.manyServicesRaw() ? "the push's arrival at the raw subscriber" : "its listener") + "; "
                    + manyServices.failedCalls() + " calls failed.");
        }
        if (beats != null) {
            report.note("1.x beats: light beats (no body) over HTTP/1.1 keep-alive, round-robin over " + beats.instances()
                    + " instances in " + config.beatServices() + " services (one ip:port client each); a beat counts "
                    + "when it is answered 200 with code 10200.");
            if (beats.firstError() != null) {
                report.note("first beat failure: " + beats.firstError());
            }
        }
        if (udp != null) {
            report.note("UDP push: from just before each HTTP register/deregister of one instance to the first new "
                    + "packet showing it, on a raw 127.0.0.1 socket that acks every packet; " + udp.failedCalls()
                    + " HTTP calls failed, " + udp.undecodable() + " packets undecodable.");
            if (udp.firstError() != null) {
                report.note("first UDP phase error: " + udp.firstError());
            }
        }
        v1.notMeasured().forEach(why -> report.note("not measured: " + why));
        if (reg.firstError() != null) {
            report.note("first registration failure: " + reg.firstError());
        }
        if (query.firstError() != null) {
            report.note("first query failure: " + query.firstError());
        }
    }

    /** The numbers of this run, in table order; NaN where a phase did not run or a reading failed. */
    List<Metric> metrics() {
        List<Metric> m = new ArrayList<>();
        m.add(new Metric("start-up, process start to ready", "s", startup.readySeconds()));
        m.add(new Metric("server CPU until ready", "s", startup.cpuSeconds()));
        m.add(new Metric("registrations", "/s", reg.perSecond()));
        m.add(new Metric("queries (getAllInstances)", "/s", query.perSecond()));
        latency(m, "push, " + push.subscribers() + " subscribers", push.latency());
        if (fanOut != null) {
            latency(m, "push, " + fanOut.clients() + (fanOut.raw() ? " raw" : "") + " subscribers of 1 service",
                    fanOut.push().latency());
        }
        if (manyServices != null) {
            latency(m, "push, 1" + (config.manyServicesRaw() ? " raw" : "") + " subscriber of " + manyServices.services()
                    + " services", manyServices.latency());
        }
        BeatPhase.Result beats = v1.beats();
        m.add(new Metric("1.x beats", "/s", beats == null ? Double.NaN : beats.perSecond()));
        m.add(new Metric("1.x beats failed", "", beats == null ? Double.NaN : beats.failed()));
        // NaN rows when a 1.x phase did not run, so a build without it still lines up in the side-by-side table.
        UdpPushPhase.Result udp = v1.udp();
        latency(m, "UDP push, 1 subscriber", udp == null ? null : udp.latency());
        BeatPhase.Result stored = v1.persistentRegistrations();
        m.add(new Metric("persistent registrations", "/s", stored == null ? Double.NaN : stored.perSecond()));
        HealthLoadPhase.Result health = v1.health();
        m.add(new Metric("health checks: live probes seen", "/s", health == null ? Double.NaN : health.liveProbesPerSecond()));
        m.add(new Metric("health checks: server CPU", "ms/s", health == null ? Double.NaN : health.serverCpuMsPerSecond()));
        m.add(new Metric("health checks: idle server CPU before", "ms/s",
                health == null ? Double.NaN : health.idleCpuMsPerSecond()));
        m.add(new Metric("health checks: dead marked unhealthy", "", health == null ? Double.NaN : health.deadUnhealthy()));
        m.add(new Metric("health checks: live marked unhealthy", "", health == null ? Double.NaN : health.liveUnhealthy()));
        m.add(new Metric("server CPU per persistent registration", "us",
                stored == null ? Double.NaN : stored.serverCpuMicrosPerCall()));
        m.add(new Metric("UDP retransmits seen", "", udp == null ? Double.NaN : udp.retransmits()));
        m.add(new Metric("removal seen p50", "ms", removal.seen().p50Ms()));
        m.add(new Metric("removal seen max", "ms", removal.seen().maxMs()));
        m.add(new Metric("removal missed", "", removal.seen().missed()));
        latency(m, "removal seen, burst of closes", burstRemoval == null ? null : burstRemoval.seen());
        latency(m, "removal seen, burst, after own shutDown()", burstRemoval == null ? null : burstRemoval.afterClosed());
        latency(m, "burst: shutDown() returned", burstRemoval == null ? null : burstRemoval.shutDownCall());
        m.addAll(ConfigRows.metrics(configPhase)); // NaN rows when the config phase did not run
        m.add(new Metric("server CPU per register", "us", reg.serverCpuMicrosPerOp()));
        m.add(new Metric("server CPU per query", "us", query.serverCpuMicrosPerOp()));
        m.add(new Metric("server CPU per gRPC no-op request (floor)", "us", floorCpuMicros));
        m.add(new Metric("server CPU per push (" + push.subscribers() + " subs)", "us", push.serverCpuMicrosPerPush()));
        m.add(new Metric("server CPU per beat", "us", beats == null ? Double.NaN : beats.serverCpuMicrosPerCall()));
        BeatPhase.Result lists = v1.lists();
        m.add(new Metric("server CPU per 1.x instance/list", "us",
                lists == null ? Double.NaN : lists.serverCpuMicrosPerCall()));
        m.add(new Metric("1.x instance/list", "/s", lists == null ? Double.NaN : lists.perSecond()));
        m.add(new Metric("1.x instance/list failed", "", lists == null ? Double.NaN : lists.failed()));
        if (fanOut != null) {
            m.add(new Metric("server CPU per push (" + fanOut.clients() + " subs)", "us",
                    fanOut.push().serverCpuMicrosPerPush()));
        }
        if (manyServices != null) {
            m.add(new Metric("server CPU per service change+push", "us", manyServices.serverCpuMicrosPerChange()));
        }
        m.add(new Metric("server idle CPU", "ms/s", idleCpuMsPerSec));
        m.add(new Metric("server RSS after standard phases", "MiB", rssKib < 0 ? Double.NaN : rssKib / 1024.0));
        m.add(new Metric("server peak RSS (VmHWM), whole run", "MiB", peakRssKib < 0 ? Double.NaN : peakRssKib / 1024.0));
        m.add(new Metric("server threads after standard phases", "", threads < 0 ? Double.NaN : threads));
        if (fanOut != null) {
            m.add(new Metric("server RSS with fan-out clients", "MiB",
                    fanOut.serverRssKib() < 0 ? Double.NaN : fanOut.serverRssKib() / 1024.0));
        }
        return m;
    }

    /** Four rows; all NaN when {@code s} is null (the phase did not run). */
    private static void latency(List<Metric> m, String name, Latencies.Summary s) {
        m.add(new Metric(name + " p50", "ms", s == null ? Double.NaN : s.p50Ms()));
        m.add(new Metric(name + " p99", "ms", s == null ? Double.NaN : s.p99Ms()));
        m.add(new Metric(name + " max", "ms", s == null ? Double.NaN : s.maxMs()));
        m.add(new Metric(name + " missed", "", s == null ? Double.NaN : s.missed()));
    }

    private static String mib(long kib) {
        return kib < 0 ? "n/a" : Report.fmt(kib / 1024.0) + " MiB";
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
