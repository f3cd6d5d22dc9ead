package io.jacos.bench;

import io.jacos.it.support.JacosServer;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Starts the benchmark's own server, with retries. The default ports (40848, gRPC 41848) lie inside Linux's
 * ephemeral range (32768-60999), so on a machine busy with other clients an outgoing connection can hold one of
 * them for a while, and the server then exits at once with "Address already in use". So this waits (bounded)
 * until both ports can be bound, notices a server process that exits during start-up instead of waiting out the
 * readiness timeout, and tries again, at most {@link #ATTEMPTS} times.
 */
final class ServerStarter {

    private static final int ATTEMPTS = 3;
    /**
     * Every benchmark client runs on 127.0.0.1, so one IP carries the whole fleet (the scale scenario alone holds
     * 10,000 connections): the per-IP connection limit, meant for one host among many, is off.
     */
    static final Map<String, String> SETTINGS = Map.of("jacos.connection.max-per-ip", "0");
    /**
     * The heap and metaspace options bin/startup.sh gives a standalone server, as the Nacos server gets those of its
     * own startup script: each is measured as its distribution runs it. {@code bench.jacos.jvmArgs} replaces them.
     */
    static final String DEFAULT_JVM_ARGS = "-Xms128m -Xmx512m -XX:MetaspaceSize=128m -XX:MaxMetaspaceSize=320m";
    private static final long PORT_WAIT_MILLIS = 60_000;

    private ServerStarter() {
    }

    /**
     * A started server from {@code bundle} (null: {@code jacos.bundle} or the default); {@code onCreate} sees each
     * attempt's server before it starts, so that a shutdown hook can stop it.
     */
    static JacosServer start(String name, int port, Path bundle, Consumer<JacosServer> onCreate) throws Exception {
        return start(name, port, bundle, Map.of(), onCreate);
    }

    /** As above, with settings of the run's own (auth) added to {@link #SETTINGS}. */
    static JacosServer start(String name, int port, Path bundle, Map<String, String> extra,
                             Consumer<JacosServer> onCreate) throws Exception {
        Map<String, String> settings = new java.util.HashMap<>(SETTINGS);
        settings.putAll(extra);
        if (bundle != null) {
            // JacosServer reads the bundle path from this property when it starts.
            System.setProperty("jacos.bundle", bundle.toAbsolutePath().toString());
        }
        Exception last = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            awaitFree(port);
            awaitFree(port + 1000);
            JacosServer server = new JacosServer(name, port, settings, jvmArgs());
            onCreate.accept(server);
            Benchmark.log("starting a server on 127.0.0.1:" + port + " from "
                    + System.getProperty("jacos.bundle", "target/nacos-microbundle.jar") + " (log: " + server.log() + ")"
                    + (attempt > 1 ? ", attempt " + attempt : ""));
            long launched = System.nanoTime();
            CompletableFuture<JacosServer> started = CompletableFuture.supplyAsync(server::start, runnable -> {
                Thread thread = new Thread(runnable, "bench-server-start");
                thread.setDaemon(true);
                thread.start();
            });
            try {
                while (true) {
                    try {
                        return started.get(250, TimeUnit.MILLISECONDS);
                    } catch (TimeoutException notYet) {
                        // The readiness wait would go on for minutes after the process died; look for it instead.
                        boolean graceOver = System.nanoTime() - launched > TimeUnit.SECONDS.toNanos(2);
                        if (graceOver && child(port).isEmpty()) {
                            throw new IllegalStateException("the server process exited during start-up");
                        }
                    }
                }
            } catch (ExecutionException | IllegalStateException e) {
                last = e instanceof ExecutionException && e.getCause() instanceof Exception cause ? cause : e;
                Benchmark.log("server did not start: " + last + " (see " + server.log() + ")");
                server.stop();
            }
        }
        throw last;
    }

    static List<String> jvmArgs() {
        String args = System.getProperty("bench.jacos.jvmArgs", DEFAULT_JVM_ARGS).strip();
        return args.isEmpty() ? List.of() : List.of(args.split("\\s+"));
    }

    /** The server child process started for this port, if it is alive. */
    private static Optional<ProcessHandle> child(int port) {
        return ProcessHandle.current().children()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().map(c -> c.contains("--port " + port)).orElse(false))
                .findFirst();
    }

    /** Waits, bounded, until the port can be bound on loopback as the server binds it (reuse-address). */
    static void awaitFree(int port) {
        try {
            Awaitility.await("port " + port + " free").atMost(PORT_WAIT_MILLIS, TimeUnit.MILLISECONDS)
                    .pollDelay(0, TimeUnit.MILLISECONDS).pollInterval(500, TimeUnit.MILLISECONDS)
                    .until(() -> canBind(port));
        } catch (ConditionTimeoutException e) {
            Benchmark.log("port " + port + " still in use after " + PORT_WAIT_MILLIS / 1000 + " s; starting anyway");
        }
    }

    private static boolean canBind(int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException inUse) {
            return false;
        }
    }
}
