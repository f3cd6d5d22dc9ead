package io.jacos.bench;

import com.alibaba.nacos.api.naming.NamingService;

import java.nio.file.Path;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Load benchmark of a Jacos server driven by the real nacos-client 2.5.1: registrations/s, one-shot query
 * QPS, push-notify latency to 50 subscribers, to 1,000 subscribers of one service and to one subscriber of
 * 1,000 services, removal latency after a client closes, config publish-to-listener latency and getConfig QPS
 * ({@link ConfigPhase}), and the server's own CPU per operation and RSS; then the 1.x protocol spoken raw (HTTP v1
 * beats of 1,000 instances, UDP push latency, see {@link V1Phases}).
 * Not a test: it measures and prints, it asserts nothing.
 * <p>
 * Run from the project root after {@code mvn -B -q clean package -DskipTests}:
 * {@code mvn -B -q test-compile exec:java -Dexec.mainClass=io.jacos.bench.Benchmark -Dexec.classpathScope=test}.
 * It starts its own server on 127.0.0.1:40848 (gRPC 41848) unless given
 * {@code -Dbench.serverAddr=127.0.0.1:8848 -Dbench.pid=<server pid>}. Sizes: see {@link BenchConfig}.
 * Every phase is warmed up first with the same operations, so the JIT has compiled the server's paths.
 * <p>
 * Side by side: {@code -Dbench.servers=jacos=target/nacos-microbundle.jar,nacos=nacos -Dbench.nacos.jar=<jar>
 * -Dbench.rounds=2} runs everything against each server in turn (a Jacos bundle, the real Nacos from its jar, or a
 * running server given as {@code name=host:port@pid}) and prints one comparison table ({@link SideBySide}).
 * <p>
 * With {@code -Dbench.scale.connections=10000} and/or {@code -Dbench.soak.minutes=30} it then runs the scale
 * scenarios ({@link ScaleBench}) on the newest bundle and prints their figures too.
 */
public final class Benchmark {

    /** Held so the level sticks: the client's shaded gRPC logs closed-stream INFO lines through JUL. */
    private static final java.util.logging.Logger GRPC_JUL = java.util.logging.Logger.getLogger("com.alibaba.nacos.shaded.io.grpc");

    private Benchmark() {
    }

    /** Stops the server of the current run, for the shutdown hook (watchdog, Ctrl-C); null when none runs. */
    private static volatile Runnable current;

    public static void main(String[] args) {
        // Before any nacos-client class loads: it logs through slf4j-simple, and caches services on disk.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        System.setProperty("JM.SNAPSHOT.PATH", Path.of("target", "bench", "client-cache").toAbsolutePath().toString());
        // nacos-client limits each distinct config request to 5/s per JVM ("limitTime"): the config phase's clients,
        // which would each be alone in their JVM, would otherwise queue behind one another for the same query.
        System.setProperty("limitTime", System.getProperty("limitTime", "1000000"));
        GRPC_JUL.setLevel(java.util.logging.Level.WARNING);
        ShutdownNoiseFilter noise = ShutdownNoiseFilter.install();
        BenchConfig config = BenchConfig.fromSystemProperties();
        int runs = config.sideBySide() ? config.servers().size() * config.bundleRounds() : 1;
        // The scale scenarios only when asked for by size here: they hold 10,000 connections for minutes.
        boolean scale = Integer.getInteger("bench.scale.connections", 0) > 0
                || Double.parseDouble(System.getProperty("bench.soak.minutes", "0")) > 0;
        startWatchdog(config.maxRunSeconds() * runs + (scale ? Long.getLong("bench.scale.maxRunSeconds", 3_600) : 0));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            Runnable stop = current;
            if (stop != null) {
                stop.run();
            }
        }, "bench-server-stop"));
        int exitCode = 1;
        try {
            if (config.sideBySide()) {
                SideBySide.run(config);
                System.out.println("note: " + noise.dropped()
                        + " expected client WARN lines about closed connections were not printed.");
            } else {
                Report report = new Report();
                measure(config, config.singleServer(), "bench").addTo(report);
                report.note(noise.dropped() + " expected client WARN lines about closed connections were not printed.");
                report.print();
            }
            if (scale) {
                ScaleBench.scenarios(config.newestBundle()).print();
            }
            exitCode = 0;
        } catch (Throwable t) {
            System.err.println("[bench] FAILED: " + t);
            t.printStackTrace();
        }
        System.exit(exitCode);
    }

    /** One run: starts the server unless it is a running one, runs every phase against it, stops it. */
    static BenchResults measure(BenchConfig config, BenchServer target, String runName) throws Exception {
        StartedServer started = null;
        try {
            String serverAddr;
            long pid;
            if (target instanceof BenchServer.Running running) {
                serverAddr = running.serverAddr();
                pid = running.pid();
            } else {
                started = start(config, target, runName);
                serverAddr = started.serverAddr();
                pid = started.pid();
            }
            ServerProcess server = new ServerProcess(pid);
            // NaN when attached to a server someone else started: its start-up was not seen.
            BenchResults.Startup startup = BenchResults.Startup.UNSEEN;
            if (started != null) {
                long cpuMicros = server.cpuMicros();
                startup = new BenchResults.Startup(started.readyAfter().toNanos() / 1e9,
                        cpuMicros < 0 ? Double.NaN : cpuMicros / 1e6);
                log("server ready " + Report.fmt(startup.readySeconds()) + " s after its process started, "
                        + Report.fmt(startup.cpuSeconds()) + " s CPU");
            }
            log("server " + serverAddr + ", pid " + (server.known() ? pid : "unknown (no CPU/RSS figures)"));
            try (Clients clients = new Clients(serverAddr, config.auth())) {
                return run(config, clients, server, startup);
            }
        } finally {
            if (started != null) {
                log("stopping the server");
                started.stop();
                current = null;
            }
        }
    }

    private static StartedServer start(BenchConfig config, BenchServer target, String runName) throws Exception {
        if (target instanceof BenchServer.NacosJar nacos) {
            ServerStarter.awaitFree(config.ownPort());
            ServerStarter.awaitFree(config.ownPort() + 1000);
            NacosServer server = NacosServer.start(runName, config.ownPort(), nacos.jar(), config.auth());
            current = server::stop;
            return server;
        }
        Path bundle = ((BenchServer.JacosBundle) target).jar();
        Map<String, String> settings = config.auth() == null ? Map.of() : config.auth().jacosSettings();
        return StartedServer.of(ServerStarter.start(runName, config.ownPort(), bundle, settings,
                server -> current = server::stop));
    }

    private static BenchResults run(BenchConfig config, Clients clients, ServerProcess server,
                                    BenchResults.Startup startup) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(config.threads());
        // Connecting is CPU-heavy on both sides; few at a time keeps a cold server within the client's 3 s check.
        ExecutorService connectPool = Executors.newFixedThreadPool(config.connectThreads());
        try {
            long t0 = System.nanoTime();
            int queryInstances = Math.min(config.queryInstances(), config.regClients());
            // Two alone first: the server's first connections run cold code and can take seconds.
            NamingService publisher = clients.create();
            NamingService removalWatcher = clients.create();
            List<NamingService> registrars = clients.create(config.regClients(), connectPool);
            List<NamingService> queriers = clients.create(config.queryClients(), connectPool);
            List<NamingService> subscribers = clients.create(config.subscribers(), connectPool);
            connectPool.shutdown();
            log(clients.openCount() + " clients connected in " + seconds(System.nanoTime() - t0) + " s");
            for (int i = 0; i < queryInstances; i++) {
                registrars.get(i).registerInstance("bench-query", RegistrationPhase.GROUP, RegistrationPhase.instance(i, 0));
            }

            PushLatencyPhase push = new PushLatencyPhase(subscribers, publisher, "bench-push", config.roundTimeoutMillis());
            push.subscribe();
            // The server is a full application server: its JIT needs many passes over the same paths before
            // CPU per call settles. Each pass is logged so a run shows whether the passes were enough.
            for (int pass = 1; pass <= config.warmupPasses(); pass++) {
                RegistrationPhase.Result r = RegistrationPhase.run(registrars, "bench-warm" + pass + "-",
                        config.regServicesPerClient(), pool, server, config.phaseTimeoutMillis());
                QueryPhase.Result q = QueryPhase.run(queriers, "bench-query", queryInstances, config.queryWarmupCalls(),
                        config.queryThreads(), server, config.phaseTimeoutMillis());
                PushLatencyPhase.Result p = push.run(config.pushWarmupRounds(), server);
                log(String.format(Locale.ROOT, "warm-up pass %d/%d: %d registrations %s us/op, %d queries %s us/op, "
                                + "%d push rounds %s us/push, push p99 %s ms", pass, config.warmupPasses(), r.completed(),
                        Report.fmt(r.serverCpuMicrosPerOp()), q.completed(), Report.fmt(q.serverCpuMicrosPerOp()),
                        p.rounds(), Report.fmt(p.serverCpuMicrosPerPush()), Report.fmt(p.latency().p99Ms())));
                if (r.failed() + q.failed() > 0) {
                    log("  warm-up failures: " + r.failed() + " registrations (" + r.firstError() + "), "
                            + q.failed() + " queries (" + q.firstError() + ")");
                }
            }

            long idleBefore = server.cpuMicros();
            // A fixed measuring window is the point here: the server's CPU over it, with nothing sent.
            Thread.sleep(config.idleMillis());
            double idleCpuMsPerSec = idleBefore < 0 ? Double.NaN
                    : (server.cpuMicros() - idleBefore) / 1000.0 / (config.idleMillis() / 1000.0);
            log(String.format(Locale.ROOT, "idle server CPU with %d clients: %.1f ms/s", clients.openCount(), idleCpuMsPerSec));

            MachineCpu machine = new MachineCpu(server.pid());
            MachineCpu.Snapshot measureStart = machine.snapshot();
            log("registrations: " + config.regClients() + " clients x " + config.regServicesPerClient() + " services");
            RegistrationPhase.Result reg = RegistrationPhase.run(registrars, "bench-reg-", config.regServicesPerClient(),
                    pool, server, config.phaseTimeoutMillis());
            log("queries: " + config.queryCalls() + " calls from " + config.queryThreads() + " threads");
            QueryPhase.Result query = QueryPhase.run(queriers, "bench-query", queryInstances, config.queryCalls(),
                    config.queryThreads(), server, config.phaseTimeoutMillis());
            log("push: " + config.pushRounds() + " rounds to " + subscribers.size() + " subscribers");
            PushLatencyPhase.Result pushed = push.run(config.pushRounds(), server);
            log("removal: " + config.removalRounds() + " publishers closing");
            RemovalPhase.Result removal = new RemovalPhase(clients, removalWatcher, "bench-removal",
                    config.roundTimeoutMillis()).run(config.removalRounds());
            long rssKib = server.rssKib();
            long threads = server.threads();
            String machineShares = MachineCpu.shares(measureStart, machine.snapshot(), server.ticksPerSecond());
            int openClients = clients.openCount();
            double floorCpuMicros = Double.NaN;
            if (config.floorCalls() > 0) {
                log("gRPC floor: " + config.floorCalls() + " ServerCheckRequests from " + config.queryThreads()
                        + " threads");
                floorCpuMicros = FloorPhase.run(clients.serverAddr(), config.floorCalls(), config.floorCalls(),
                        config.queryThreads(), server, config.phaseTimeoutMillis());
            }

            // After the standard phases, like the ones below: it connects and closes many clients.
            BurstRemovalPhase.Result burstRemoval = null;
            if (config.burstRemovalPublishers() > 0 && config.burstRemovalRounds() > 0 && !subscribers.isEmpty()) {
                log("removal burst: " + config.burstRemovalPublishers() + " publishers closing at once, "
                        + subscribers.size() + " subscribers, " + config.burstRemovalRounds() + " rounds");
                burstRemoval = new BurstRemovalPhase(clients, subscribers, "bench-removal-burst",
                        config.burstRemovalPublishers(), config.roundTimeoutMillis())
                        .run(config.burstRemovalWarmupRounds(), config.burstRemovalRounds());
            }

            // After the standard phases, so that their numbers stay comparable with earlier runs.
            ManyServicesPushPhase.Result manyServices = null;
            if (config.manyServices() > 0) {
                log("push to 1 " + (config.manyServicesRaw() ? "raw " : "") + "subscriber of "
                        + config.manyServices() + " services: subscribing");
                RawSubscriber raw = config.manyServicesRaw() ? RawSubscriber.open(clients.serverAddr()) : null;
                try {
                    ManyServicesPushPhase phase = new ManyServicesPushPhase(
                            raw != null ? raw : PushSubscriber.of(clients.create()), clients.create(),
                            "bench-many-", config.manyServices(), pool, config.roundTimeoutMillis());
                    phase.subscribe();
                    ManyServicesPushPhase.Result warm = phase.run(config.manyServicesWarmupRounds(), server);
                    log("  warm-up: " + warm.rounds() + " rounds, " + Report.latency(warm.latency()));
                    log("  " + config.manyServicesRounds() + " rounds");
                    manyServices = phase.run(config.manyServicesRounds(), server);
                } finally {
                    if (raw != null) {
                        raw.close();
                    }
                }
            }
            // After the standard phases too; its clients are closed again before the 1.x phases.
            ConfigPhase.Result configPhase = null;
            if (config.configListeners() > 0) {
                log("config: connecting " + (config.configListeners() + config.queryClients() + 1) + " config clients");
                configPhase = ConfigPhase.measure(config, clients.serverAddr(), server);
            }
            // Before the fan-out, whose 1,000 extra connections would add their keep-alives to the CPU per beat.
            V1Phases.Result v1 = V1Phases.run(config, clients.serverAddr(), server);
            // Last: its many connections would add to the server's background work in every other phase.
            FanOutPhase.Result fanOut = null;
            if (config.fanoutSubscribers() > 0) {
                log("push to " + config.fanoutSubscribers() + " subscribers of one service: connecting them");
                fanOut = FanOutPhase.run(clients, publisher, config, server);
            }
            return new BenchResults(config, reg, query, pushed, removal, idleCpuMsPerSec, openClients, rssKib,
                    machineShares, manyServices, v1, fanOut, startup, burstRemoval, server.peakRssKib(), threads,
                    floorCpuMicros, configPhase);
        } finally {
            pool.shutdownNow();
            connectPool.shutdownNow();
        }
    }

    /** Ends the program after the time bound, however far it got (the shutdown hook stops the server). */
    private static void startWatchdog(long maxRunSeconds) {
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "bench-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        watchdog.schedule(() -> {
            System.err.println("[bench] gave up after " + maxRunSeconds + " s");
            System.exit(3);
        }, maxRunSeconds, TimeUnit.SECONDS);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e9);
    }

    static void log(String message) {
        System.out.println("[bench] " + LocalTime.now().truncatedTo(ChronoUnit.MILLIS) + " " + message);
        System.out.flush();
    }
}
