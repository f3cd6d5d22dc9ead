package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.TestJvmOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static io.jacos.it.support.NamingClients.endpoints;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution as an operator uses it: {@code target/jacos-<version>.tar.gz} unpacked, its port set in
 * {@code conf/application.properties}, started with {@code bin/startup.sh -m standalone}, used by the real
 * nacos-client 2.5.1, and stopped with {@code bin/shutdown.sh}; its logs and data stay in its own folder.
 */
@RunsBeside
@DisplayName("Distribution")
class DistributionIT {

    private static final int PORT = SharedServer.HTTP_PORT + 2700;
    private static final Path ARCHIVE = Path.of(System.getProperty("jacos.distribution",
            "target/jacos-0.1.0-SNAPSHOT.tar.gz")).toAbsolutePath();
    private static final Duration START = Duration.ofSeconds(180);
    /** bin/shutdown.sh waits up to 60 s for a graceful stop, then up to 10 s after SIGKILL. */
    private static final Duration SCRIPT = Duration.ofSeconds(90);

    private Path home;

    private record Run(int exit, String output) {
    }

    @AfterEach
    void leaveNothingRunning() throws IOException {
        if (home != null) {
            pid().flatMap(ProcessHandle::of).ifPresent(server -> {
                server.destroyForcibly();
                server.onExit().join();
            });
        }
    }

    @Test
    @DisplayName("bin/startup.sh -m standalone serves a 2.5.1 client on the configured port; bin/shutdown.sh stops it")
    void startServeStop() throws Exception {
        home = unpack();
        Path settings = home.resolve("conf").resolve("application.properties");
        Files.writeString(settings, Files.readString(settings)
                .replace("#server.port=8848", "server.port=" + PORT)
                .replace("#jacos.naming.cache-millis=10000", "jacos.naming.cache-millis=4321"));

        Run started = script("startup.sh", "-m", "standalone");
        assertEquals(0, started.exit(), started.output());
        long pid = pid().orElseThrow(() -> new AssertionError("no jacos.pid: " + started.output()));
        awaitReady(pid);

        Run again = script("startup.sh", "-m", "standalone");
        assertEquals(1, again.exit(), again.output());
        assertTrue(again.output().contains("already running"), again.output());

        String service = NamingClients.uniqueName("dist");
        try (NamingClients clients = new NamingClients("127.0.0.1:" + PORT)) {
            NamingService provider = clients.open();
            NamingService consumer = clients.open();
            provider.registerInstance(service, "127.0.0.61", 6001);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertEquals(List.of("127.0.0.61:6001"), endpoints(consumer.getAllInstances(service))));
        }
        // A setting only the distribution's file sets: the server reads conf/application.properties.
        NacosHttp.Answer list = new NacosHttp("127.0.0.1:" + PORT).get("/nacos/v1/ns/instance/list",
                Map.of("serviceName", service));
        assertEquals(4321, list.json().path("cacheMillis").asLong(), list::toString);

        String log = Files.readString(home.resolve("logs").resolve("jacos.log.0"));
        assertTrue(log.contains("at jdbc:h2:file:" + home.resolve("data").resolve("jacos")), log);
        assertTrue(Files.isRegularFile(home.resolve("data").resolve("jacos.mv.db")));
        assertTrue(Files.isRegularFile(home.resolve("logs").resolve("start.out")));

        Run stopped = script("shutdown.sh");
        assertEquals(0, stopped.exit(), stopped.output());
        // Ended for the script is ended for the kernel, but its parent (init) reaps it a moment later.
        await("the server's process gone").atMost(Duration.ofSeconds(10))
                .until(() -> !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        assertFalse(Files.exists(home.resolve("jacos.pid")));
        assertTrue(free(PORT) && free(PORT + 1000), "HTTP and gRPC ports free again");

        Run notRunning = script("shutdown.sh");
        assertEquals(1, notRunning.exit(), notRunning.output());
    }

    /** A fresh copy of the distribution under target/it, as an operator unpacks it (tar keeps the modes). */
    private static Path unpack() throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(ARCHIVE), "no distribution at " + ARCHIVE + ": run mvn package first");
        Path dir = Path.of(System.getProperty("jacos.it.dir", "target/it"))
                .resolve("dist-" + UUID.randomUUID().toString().substring(0, 8)).toAbsolutePath();
        Files.createDirectories(dir);
        Process tar = new ProcessBuilder("tar", "-xzf", ARCHIVE.toString(), "-C", dir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("tar.log").toFile()).start();
        assertTrue(tar.waitFor(120, TimeUnit.SECONDS) && tar.exitValue() == 0, "tar failed: see " + dir);
        Path home = dir.resolve("jacos");
        assertTrue(Files.isExecutable(home.resolve("bin").resolve("startup.sh")), "startup.sh is executable");
        assertTrue(Files.isExecutable(home.resolve("bin").resolve("shutdown.sh")), "shutdown.sh is executable");
        return home;
    }

    /**
     * Runs a script of the distribution as an operator would, with the test JVM's Java and its JVM options. The
     * product binds every interface unless told; a test binds loopback only, with the variable an operator sets.
     */
    private Run script(String name, String... args) throws IOException, InterruptedException {
        Path output = home.getParent().resolve(name + "-" + System.nanoTime() + ".out");
        ProcessBuilder builder = new ProcessBuilder(home.resolve("bin").resolve(name).toString());
        builder.command().addAll(List.of(args));
        Map<String, String> env = builder.environment();
        List.of("SERVER_PORT", "NACOS_HOME", "JVM_XMS", "JVM_XMX", "JVM_XMN", "JVM_MS", "JVM_MMS").forEach(env::remove);
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("SERVER_ADDRESS", "127.0.0.1");
        env.put("JAVA_OPT", TestJvmOptions.joined().strip());
        Process process = builder.redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!process.waitFor(SCRIPT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(name + " did not end in " + SCRIPT.toSeconds() + " s: " + Files.readString(output));
        }
        return new Run(process.exitValue(), Files.readString(output));
    }

    private Optional<Long> pid() throws IOException {
        Path file = home.resolve("jacos.pid");
        return Files.exists(file) ? Optional.of(Long.parseLong(Files.readString(file).strip())) : Optional.empty();
    }

    private void awaitReady(long pid) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + "/health/ready"))
                .timeout(Duration.ofSeconds(5)).build();
        await("distribution ready (logs: " + home.resolve("logs") + ")").atMost(START)
                .pollInterval(Duration.ofMillis(250)).ignoreExceptionsInstanceOf(IOException.class).until(() -> {
                    if (ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true)) {
                        throw new IllegalStateException("the server exited; see " + home.resolve("logs"));
                    }
                    HttpResponse<String> answer = http.send(ready, HttpResponse.BodyHandlers.ofString());
                    return answer.statusCode() == 200 && answer.body().contains("\"UP\"");
                });
    }

    private static boolean free(int port) {
        try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
