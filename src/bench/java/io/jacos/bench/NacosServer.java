package io.jacos.bench;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The real Nacos server, started from its jar in standalone mode as its own {@code startup.sh -m standalone} starts
 * it (same heap options unless {@code bench.nacos.jvmArgs} says otherwise), with a fresh {@code nacos.home} under
 * {@code target/it/<name>}, HTTP on 127.0.0.1 and the address it advertises set to 127.0.0.1. Ready when its
 * readiness endpoint answers 200 and its gRPC port accepts a connection.
 */
final class NacosServer implements StartedServer {

    /** What Nacos 2.5.1's startup.sh gives a standalone server. */
    static final String DEFAULT_JVM_ARGS = "-Xms512m -Xmx512m -Xmn256m";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final int port;
    private final Path dir;
    private final Process process;
    private final long launchedNanos;
    private Duration readyAfter;

    private NacosServer(int port, Path dir, Process process, long launchedNanos) {
        this.port = port;
        this.dir = dir;
        this.process = process;
        this.launchedNanos = launchedNanos;
    }

    static NacosServer start(String name, int port, Path jar, BenchAuth auth) throws IOException {
        Path dir = Path.of("target", "it", name).toAbsolutePath();
        deleteRecursively(dir.resolve("nacos-home"));
        Files.createDirectories(dir.resolve("nacos-home"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(System.getProperty("bench.nacos.jvmArgs", DEFAULT_JVM_ARGS).strip().split("\\s+")));
        String extra = System.getProperty("jacos.serverJvmArgs", "").strip();
        if (!extra.isEmpty()) {
            command.addAll(List.of(extra.split("\\s+")));
        }
        command.addAll(List.of("-XX:-OmitStackTraceInFastThrow", "-Dnacos.standalone=true", "-Dnacos.member.list=",
                "-Dnacos.home=" + dir.resolve("nacos-home"), "-Dnacos.inetutils.ip-address=127.0.0.1",
                "-Dnacos.preferHostnameOverIp=false", "-jar", jar.toAbsolutePath().toString(),
                "--server.port=" + port, "--server.address=127.0.0.1"));
        if (auth != null) {
            BenchAuth.nacosSettings().forEach((k, v) -> command.add("--" + k + "=" + v));
        }
        for (String setting : System.getProperty("bench.nacos.settings", "").split(",")) {
            if (!setting.isBlank()) {
                command.add("--" + setting.strip());
            }
        }
        Path log = dir.resolve("server.log");
        // Its own folder as working directory: Nacos writes derby.log and access logs into it.
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()));
        Benchmark.log("starting Nacos on 127.0.0.1:" + port + " from " + jar.toAbsolutePath() + " (log: " + log + ")");
        long launched = System.nanoTime();
        NacosServer server = new NacosServer(port, dir, builder.start(), launched);
        try {
            server.awaitReady();
            if (auth != null) {
                server.initAdmin(auth);
                server.awaitAdminKnown(auth);
            }
        } catch (RuntimeException e) {
            server.stop();
            throw e;
        }
        return server;
    }

    private void awaitReady() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest readiness = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/nacos/v1/console/health/readiness"))
                .timeout(Duration.ofSeconds(5)).build();
        AtomicReference<String> last = new AtomicReference<>("nothing yet");
        try {
            Awaitility.await("Nacos ready").atMost(START_TIMEOUT).pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(250)).ignoreExceptions().until(() -> {
                        if (!process.isAlive()) {
                            throw new IllegalStateException("Nacos exited; see " + dir.resolve("server.log"));
                        }
                        try {
                            HttpResponse<String> answer = http.send(readiness, HttpResponse.BodyHandlers.ofString());
                            last.set(answer.statusCode() + " " + answer.body());
                            return answer.statusCode() == 200 && accepts(port + 1000);
                        } catch (IOException e) {
                            last.set(e.toString());
                            throw e;
                        }
                    });
        } catch (ConditionTimeoutException e) {
            throw new IllegalStateException("Nacos not ready in " + START_TIMEOUT.toSeconds() + " s; last answer: "
                    + last.get() + " (log: " + dir.resolve("server.log") + ")", e);
        }
        readyAfter = Duration.ofNanos(System.nanoTime() - launchedNanos);
    }

    /** Nacos 2.5.1 has no admin until one is set: {@code POST /nacos/v1/auth/users/admin} sets its password. */
    private void initAdmin(BenchAuth auth) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest init = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/nacos/v1/auth/users/admin"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("password="
                        + java.net.URLEncoder.encode(auth.password(), java.nio.charset.StandardCharsets.UTF_8)))
                .build();
        try {
            HttpResponse<String> answer = http.send(init, HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("Nacos refused to set its admin's password: " + answer.statusCode()
                        + " " + answer.body());
            }
        } catch (IOException e) {
            throw new IllegalStateException("Nacos's admin password not set: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Nacos caches its users and reloads them every 15 s, so a new admin is refused ("user not found") until then:
     * waits, bounded, until a call made with the admin's token is served.
     */
    private void awaitAdminKnown(BenchAuth auth) {
        V1Http http = new V1Http(serverAddr());
        Awaitility.await("Nacos knows its admin").atMost(Duration.ofSeconds(60)).pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(500)).ignoreExceptions()
                .until(() -> http.loggedIn(auth).get("/nacos/v1/ns/service/list?pageNo=1&pageSize=1").status() == 200);
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public String serverAddr() {
        return "127.0.0.1:" + port;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public Duration readyAfter() {
        return readyAfter;
    }

    /** SIGTERM, as its shutdown.sh does; killed when it has not stopped within a minute. */
    @Override
    public void stop() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
