package io.jacos.it.client1;

import io.jacos.it.support.ClientProcess;
import io.jacos.it.support.NetProbeMain;
import io.jacos.it.support.NetworkNamespaces;
import io.jacos.it.support.RegisteringClientMain;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SubscribingClientMain;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server started with no address setting, on a host of its own ({@link NetworkNamespaces}), serves another host:
 * HTTP readiness and the console, a 2.5.1 client registering over gRPC, and a 1.4.6 subscriber pushed by UDP at its
 * own address. Narrowed to loopback, it serves that host nothing. Each way of starting a server is one
 * {@link HostedStarts.ServerStart}; the test runs every one of them.
 */
@RunsBeside
@DisplayName("a server on another host")
class OtherHostIT {

    /** Nacos's port: the server runs with its defaults, alone on its host. */
    private static final int HTTP_PORT = 8848;
    private static final int GRPC_PORT = 9848;
    private static final Duration START_LIMIT = Duration.ofSeconds(150);
    private static final Duration PUSH_LIMIT = Duration.ofSeconds(20);

    private static NetworkNamespaces hosts;

    static Stream<HostedStarts.ServerStart> starts() {
        return Stream.of(HostedStarts.BUNDLE, HostedStarts.DISTRIBUTION);
    }

    @BeforeAll
    static void createHosts() {
        hosts = NetworkNamespaces.create();
    }

    @AfterAll
    static void removeHosts() {
        if (hosts != null) {
            hosts.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("starts")
    @DisplayName("with no address setting it serves the other host: HTTP, console, gRPC registration, UDP push")
    void servesTheOtherHost(HostedStarts.ServerStart start) throws Exception {
        Path dir = dir(start, "every-interface");
        Process server = launch(start, dir, false);
        try {
            String base = "http://" + hosts.serverHost() + ":" + HTTP_PORT;
            probe(hosts.onClient(probe("http", base + "/health/ready", "\"UP\"", START_LIMIT)), dir, server);
            probe(hosts.onClient(probe("http", base + "/nacos/", "<", Duration.ofSeconds(20))), dir, server);
            String serverAddr = hosts.serverHost() + ":" + HTTP_PORT;
            String service = "other-host-" + start.name();
            try (ClientProcess subscriber = ClientProcess.startOn(hosts.onClient(List.of()), hosts.clientHost(),
                    System.getProperty("java.class.path"), SubscribingClientMain.class,
                    SubscribingClientMain.SUBSCRIBED, "other-host-1x-" + start.name(), serverAddr, service);
                 ClientProcess registered = ClientProcess.startOn(hosts.onClient(List.of()), hosts.clientHost(),
                         System.getProperty("jacos.client2.classpath"), RegisteringClientMain.class,
                         RegisteringClientMain.REGISTERED, "other-host-2x-" + start.name(), serverAddr, service,
                         hosts.clientHost(), "8080")) {
                String pushed = SubscribingClientMain.EVENT + hosts.clientHost() + ":8080";
                Awaitility.await("the 1.4.6 subscriber pushed the 2.5.1 instance").atMost(PUSH_LIMIT)
                        .pollInterval(Duration.ofMillis(200))
                        .until(() -> subscriber.lines().anyMatch(pushed::equals));
                assertTrue(registered.lines().anyMatch(RegisteringClientMain.REGISTERED::equals));
            }
        } finally {
            stop(start, dir, server);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("starts")
    @DisplayName("bound to loopback it serves the other host nothing")
    void loopbackServesTheOtherHostNothing(HostedStarts.ServerStart start) throws Exception {
        Path dir = dir(start, "loopback");
        Process server = launch(start, dir, true);
        try {
            probe(hosts.onServer(probe("http", "http://127.0.0.1:" + HTTP_PORT + "/health/ready", "\"UP\"",
                    START_LIMIT)), dir, server);
            List<String> closed = new ArrayList<>(List.of("closed", hosts.serverHost(),
                    Integer.toString(HTTP_PORT), Integer.toString(GRPC_PORT)));
            probe(hosts.onClient(probeCommand(closed)), dir, server);
            long serverPid = start.serverPid(dir, server);
            String sockets = NetworkNamespaces.run(hosts.onServer(List.of("ss", "-ltunpH")).toArray(String[]::new));
            List<String> own = sockets.lines().filter(line -> line.contains("pid=" + serverPid + ",")).toList();
            assertTrue(own.size() >= 2, "no HTTP and gRPC sockets of server pid " + serverPid + ":\n" + sockets);
            List<String> beyondLoopback = own.stream().filter(line -> !onLoopback(line)).toList();
            assertEquals(List.of(), beyondLoopback, "sockets of the server beyond loopback:\n" + sockets);
        } finally {
            stop(start, dir, server);
        }
    }

    private static boolean onLoopback(String ssLine) {
        String local = ssLine.trim().split("\\s+")[4];
        return local.startsWith("127.") || local.startsWith("[::ffff:127.") || local.startsWith("[::1]");
    }

    private static Path dir(HostedStarts.ServerStart start, String run) throws IOException {
        Path dir = Path.of(System.getProperty("jacos.it.dir", "target/it")).resolve("other-host-" + start.name() + "-"
                + run).toAbsolutePath();
        if (Files.exists(dir)) {
            try (Stream<Path> old = Files.walk(dir)) {
                old.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
        Files.createDirectories(dir.resolve("tmp"));
        return dir;
    }

    private static Process launch(HostedStarts.ServerStart start, Path dir, boolean loopbackOnly) throws IOException {
        ProcessBuilder builder = start.command(dir, loopbackOnly);
        builder.command(hosts.onServer(builder.command()));
        return builder.redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("server.log").toFile())).start();
    }

    private static List<String> probe(String kind, String url, String text, Duration limit) {
        return probeCommand(List.of(kind, url, text, Long.toString(limit.toSeconds())));
    }

    private static List<String> probeCommand(List<String> args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx64m", "-cp", System.getProperty("java.class.path"), NetProbeMain.class.getName()));
        command.addAll(args);
        return command;
    }

    /** Runs a probe to its end; it must exit 0, and the server must still be running. */
    private static void probe(List<String> command, Path dir, Process server) throws Exception {
        Process probe = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!probe.waitFor(START_LIMIT.toSeconds() + 30, TimeUnit.SECONDS)) {
            probe.destroyForcibly();
        }
        String output = new String(probe.getInputStream().readAllBytes());
        List<String> asked = command.subList(command.indexOf(NetProbeMain.class.getName()) + 1, command.size());
        assertTrue(!probe.isAlive() && probe.exitValue() == 0, "probe " + asked + " on host "
                + command.get(command.indexOf("exec") + 1) + " said: " + output
                + " (server " + (server.isAlive() ? "running" : "exited") + ", log: " + dir.resolve("server.log") + ")");
    }

    /** Stops the launched process and, should it outlive that, the server itself. */
    private static void stop(HostedStarts.ServerStart start, Path dir, Process server) throws Exception {
        long serverPid = start.serverPid(dir, server);
        server.destroy();
        if (!server.waitFor(60, TimeUnit.SECONDS)) {
            server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        ProcessHandle.of(serverPid).ifPresent(left -> {
            left.destroyForcibly();
            left.onExit().join();
        });
    }
}
