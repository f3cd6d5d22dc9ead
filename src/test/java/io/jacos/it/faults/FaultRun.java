package io.jacos.it.faults;

import io.jacos.it.support.ClientProcess;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One scenario's real clients and observer: {@code perHost} {@link FaultClientMain} JVMs of {@code appsPerClient}
 * applications each on each client host (with the nacos-client of the class path given for the host, else the test
 * JVM's), churning while the file {@code churnFlag} exists, and one {@link ObserverMain} on host {@code obs} polling
 * every node. Everything derives from the seed: the service name, each client's waits. {@link #close()} kills them all.
 */
final class FaultRun implements AutoCloseable {

    static final List<String> CLIENT_HOSTS = List.of("c0", "c1");

    private final String service;
    private final Map<String, ClientProcess> clients = new LinkedHashMap<>();
    private final Map<String, Path> logs = new LinkedHashMap<>();
    private ClientProcess observer;
    private Path observerLog;

    private FaultRun(String service) {
        this.service = service;
    }

    /**
     * Starts the observer, then the clients ({@code serverAddrs} by client host: which nodes that host's clients
     * know; {@code classpaths} by client host: whose nacos-client they run), all at once, and returns when every one registered.
     */
    static FaultRun start(TestHosts hosts, HostedCluster cluster, long seed, String scenario, int perHost,
                          int appsPerClient, Map<String, List<String>> serverAddrs, Map<String, String> classpaths,
                          Path churnFlag) {
        if (perHost * appsPerClient > 100) {
            throw new IllegalArgumentException("at most 100 applications per client host: ports are laid out so");
        }
        Random random = new Random(seed);
        FaultRun run = new FaultRun("faults-" + scenario + "-" + Long.toHexString(seed));
        String classpath = System.getProperty("java.class.path");
        try {
            String nodes = String.join(",", HostedCluster.NODES.stream()
                    .map(n -> hosts.address(n) + ":" + HostedCluster.HTTP_PORT).toList());
            String observerName = run.service + "-observer";
            run.observer = ClientProcess.startOn(hosts.on("obs", List.of()), hosts.address("obs"), classpath,
                    ObserverMain.class, ObserverMain.READY, observerName, "500", nodes, run.service + "," + run.service + "-churn");
            run.observerLog = logDir().resolve(observerName + ".log");
            for (int h = 0; h < CLIENT_HOSTS.size(); h++) {
                String host = CLIENT_HOSTS.get(h);
                for (int i = 0; i < perHost; i++) {
                    String name = run.service + "-" + host + "-" + i;
                    int slot = h * 100 + i * appsPerClient;
                    run.clients.put(name, ClientProcess.launchOn(hosts.on(host, List.of()), hosts.address(host),
                            classpaths.getOrDefault(host, classpath), FaultClientMain.class, name,
                            cluster.serverAddr(serverAddrs.get(host)), run.service, hosts.address(host),
                            Integer.toString(10000 + slot),
                            Integer.toString(20000 + slot * FaultClientMain.CHURN_PORTS),
                            churnFlag.toAbsolutePath().toString(), Long.toString(random.nextLong()),
                            Integer.toString(appsPerClient)));
                    run.logs.put(name, logDir().resolve(name + ".log"));
                }
            }
            run.clients.values().forEach(client -> client.awaitReady(FaultClientMain.class, FaultClientMain.READY));
        } catch (RuntimeException e) {
            run.close();
            throw e;
        }
        return run;
    }

    private static Path logDir() {
        return Path.of(System.getProperty("jacos.it.dir", "target/it")).resolve("client-processes");
    }

    String service() {
        return service;
    }

    /** True once every client printed that it stopped churning. */
    boolean allQuiet() {
        return logs.values().stream().allMatch(log -> {
            try {
                return java.nio.file.Files.readString(log).contains("QUIET ");
            } catch (java.io.IOException e) {
                return false;
            }
        });
    }

    /** Acknowledged churn calls so far. */
    long churnAcks() {
        return recording().acks.stream().filter(a -> a.ok() && a.service().endsWith("-churn")).count();
    }

    Recording recording() {
        return Recording.read(logs, observerLog);
    }

    @Override
    public void close() {
        clients.values().forEach(ClientProcess::close);
        if (observer != null) {
            observer.close();
        }
    }
}
