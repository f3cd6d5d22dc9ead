package io.jacos.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * Every size and bound of the benchmark, from system properties ({@code -Dbench.*}). The defaults keep a full
 * run (server start included) within about three minutes on a 2-core machine where client and server share
 * the CPUs; raise them on bigger machines.
 * <p>
 * With {@code -Dbench.servers=jacos=target/nacos-microbundle.jar,nacos=nacos} (or {@code name=host:port@pid} for
 * running servers; {@code -Dbench.bundles=a.jar,b.jar} for bundles named by file) the benchmark runs side by side:
 * it measures each server in turn, {@code bench.rounds} times, and compares them (see {@link SideBySide}).
 */
record BenchConfig(
        String serverAddr,        // host:port of a running server; null = the benchmark starts its own
        long serverPid,           // pid of an attached server, for CPU and RSS; 0 = unknown
        int ownPort,              // HTTP port of the server the benchmark starts (gRPC = +1000)
        int threads,              // client threads for registrations
        int connectThreads,       // clients connecting at the same time during setup
        int regClients,           // NamingService clients that register
        int regServicesPerClient, // services each of them registers one instance into (gRPC: one per connection+service)
        int queryClients,         // NamingService clients shared by the query threads
        int queryThreads,
        int queryInstances,       // instances in the queried service
        int queryCalls,
        int queryWarmupCalls,     // per warm-up pass
        int floorCalls,           // gRPC ServerCheckRequests measured for the transport's floor (as many warm up); 0 skips
        int subscribers,
        int pushRounds,
        int pushWarmupRounds,     // per warm-up pass
        int warmupPasses,         // passes of registrations + queries + push rounds before measuring
        int removalRounds,
        int burstRemovalPublishers, // clients that close at once, watched by the push subscribers; 0 skips
        int burstRemovalRounds,
        int burstRemovalWarmupRounds,
        long roundTimeoutMillis,  // longest wait for one push round or one removal to be seen
        long phaseTimeoutMillis,  // longest a registration or query phase may run
        long idleMillis,          // idle window to measure the server's background CPU
        int fanoutSubscribers,    // clients subscribed to one service (one connection each), for the wide push
        int fanoutRounds,
        int fanoutWarmupRounds,
        boolean fanoutRaw,        // fan-out subscribers: false = real nacos-client instances, true = RawSubscriber
        int manyServices,         // services one client subscribes to, all changed in one burst per round
        int manyServicesRounds,
        int manyServicesWarmupRounds,
        boolean manyServicesRaw,  // the subscriber of many services: false = a real nacos-client, true = RawSubscriber
        int beatInstances,        // 1.x: ephemeral instances registered over HTTP and kept alive by beats; 0 skips
        int beatServices,         // 1.x: services they are spread over
        int beatThreads,          // 1.x: threads sending beats (one keep-alive HTTP connection each)
        int beatCalls,            // 1.x: light beats measured (bounded in time by phaseTimeoutMillis)
        int beatWarmupCalls,      // 1.x: light beats per warm-up pass (warmupPasses of them), after one full beat each
        int udpRounds,            // 1.x: UDP push rounds (one register or deregister each); 0 skips
        int udpWarmupRounds,
        int persistentInstances,  // persistent instances registered, then removed, over HTTP v1 (stored); 0 skips
        int healthTargets,        // persistent instances the server health-checks under load (half live); 0 skips
        int healthSeconds,        // the measured window of that load
        int configListeners,      // config: ConfigService clients listening to one config (one connection each); 0 skips
        int configWarmupRounds,   // config: publish rounds before the counted ones
        int configRounds,         // config: counted publish rounds (the getConfig calls: queryCalls, as naming's)
        List<BenchServer> servers, // side-by-side: the servers run alternately; empty = one server
        int bundleRounds,         // side-by-side: rounds over all servers (a fresh one per started server and round)
        long maxRunSeconds,       // watchdog: the program exits after this however far it got (per server run)
        BenchAuth auth) {         // auth on for every server and client of the run; null = off

    static BenchConfig fromSystemProperties() {
        return new BenchConfig(
                System.getProperty("bench.serverAddr"),
                Long.getLong("bench.pid", 0),
                Integer.getInteger("bench.port", 40848),
                Integer.getInteger("bench.threads", 8),
                Integer.getInteger("bench.connectThreads", 3),
                Integer.getInteger("bench.reg.clients", 50),
                Integer.getInteger("bench.reg.servicesPerClient", 100),
                Integer.getInteger("bench.query.clients", 4),
                Integer.getInteger("bench.query.threads", 8),
                Integer.getInteger("bench.query.instances", 10),
                Integer.getInteger("bench.query.calls", 40_000),
                Integer.getInteger("bench.query.warmupCalls", 10_000),
                Integer.getInteger("bench.floor.calls", 40_000),
                Integer.getInteger("bench.push.subscribers", 50),
                Integer.getInteger("bench.push.rounds", 200),
                Integer.getInteger("bench.push.warmupRounds", 30),
                Integer.getInteger("bench.warmupPasses", 5),
                Integer.getInteger("bench.removal.rounds", 30),
                Integer.getInteger("bench.removalBurst.publishers", 20),
                Integer.getInteger("bench.removalBurst.rounds", 10),
                Integer.getInteger("bench.removalBurst.warmupRounds", 3),
                Long.getLong("bench.roundTimeoutMillis", 5_000),
                Long.getLong("bench.phaseTimeoutMillis", 90_000),
                Long.getLong("bench.idleMillis", 5_000),
                Integer.getInteger("bench.fanout.subscribers", 1_000),
                Integer.getInteger("bench.fanout.rounds", 20),
                Integer.getInteger("bench.fanout.warmupRounds", 3),
                raw("bench.fanout.client"),
                Integer.getInteger("bench.services.count", 1_000),
                Integer.getInteger("bench.services.rounds", 10),
                Integer.getInteger("bench.services.warmupRounds", 3),
                raw("bench.services.client"),
                Integer.getInteger("bench.beatInstances", 1_000),
                Integer.getInteger("bench.beatServices", 10),
                Integer.getInteger("bench.beatThreads", 8),
                Integer.getInteger("bench.beatCalls", 40_000),
                Integer.getInteger("bench.beatWarmupCalls", 20_000),
                Integer.getInteger("bench.udpRounds", 200),
                Integer.getInteger("bench.udpWarmupRounds", 30),
                Integer.getInteger("bench.persistentInstances", 2_000),
                Integer.getInteger("bench.healthTargets", 10_000),
                Integer.getInteger("bench.healthSeconds", 30),
                Integer.getInteger("bench.config.listeners", 50),
                Integer.getInteger("bench.config.warmUpRounds", 20),
                Integer.getInteger("bench.config.rounds", 30),
                servers(System.getProperty("bench.servers", ""), System.getProperty("bench.bundles", ""),
                        System.getProperty(BenchServer.NACOS_JAR_SETTING)),
                Integer.getInteger("bench.rounds", 2),
                Long.getLong("bench.maxRunSeconds", 600),
                BenchAuth.fromSystemProperties());
    }

    private static List<BenchServer> servers(String servers, String bundles, String nacosJar) {
        if (!servers.isBlank() && !bundles.isBlank()) {
            throw new IllegalArgumentException("give bench.servers or bench.bundles, not both");
        }
        return servers.isBlank() ? BenchServer.bundles(bundles) : BenchServer.parse(servers, nacosJar);
    }

    /** Which subscriber a phase uses: "real" (nacos-client, the default) or "raw" ({@link RawSubscriber}). */
    private static boolean raw(String property) {
        String client = System.getProperty(property, "real").trim();
        return switch (client) {
            case "real" -> false;
            case "raw" -> true;
            default -> throw new IllegalArgumentException(property + " must be real or raw, not " + client);
        };
    }

    boolean sideBySide() {
        return !servers.isEmpty();
    }

    /** The server of a run that is not side by side: the one at {@code bench.serverAddr}, else the built bundle. */
    BenchServer singleServer() {
        return startsOwnServer() ? new BenchServer.JacosBundle("jacos", null)
                : new BenchServer.Running("server", serverAddr, serverPid);
    }

    /** The newest Jacos build of the run, for the scale scenarios: its last bundle, else the built one (null). */
    Path newestBundle() {
        Path newest = null;
        for (BenchServer server : servers) {
            if (server instanceof BenchServer.JacosBundle bundle && bundle.jar() != null) {
                newest = bundle.jar();
            }
        }
        return newest;
    }

    boolean startsOwnServer() {
        return serverAddr == null || serverAddr.isBlank();
    }
}
