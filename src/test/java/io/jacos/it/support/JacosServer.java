package io.jacos.it.support;

import org.awaitility.Awaitility;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A real Jacos server: the Payara Micro uber-jar from {@code target/}, started in its own process on
 * loopback ({@code server.address=127.0.0.1} unless the test names another; the server's own default is every
 * interface), with its own cluster name so test servers never join each other's data grid. Its log and temp
 * files live under {@code target/it/<name>}.
 */
public final class JacosServer implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    /** Where the server listens (HTTP, gRPC, UDP push); test servers stay on this machine. */
    private static final String LOOPBACK_SETTING = "server.address";

    private final String name;
    private final int httpPort;
    private final Map<String, String> properties;
    private final List<String> jvmOptions;
    private final Path dir;
    /** Prefix of the server's command: empty on this host, {@code ip netns exec <ns>} on a test host. */
    private final List<String> host;
    private Process process;
    private long launchedNanos;
    private Duration readyAfter;

    public JacosServer(String name, int httpPort, Map<String, String> properties) {
        this(name, httpPort, properties, List.of());
    }

    /** With extra JVM options for this server's process. */
    public JacosServer(String name, int httpPort, Map<String, String> properties, List<String> jvmOptions) {
        this(name, httpPort, properties, jvmOptions, List.of());
    }

    /**
     * On another host: {@code host} prefixes the command (an {@code ip netns exec}, which execs the JVM, so
     * {@link #pid()} stays the server's own). Readiness cannot be polled from here then: the caller waits for it.
     */
    public JacosServer(String name, int httpPort, Map<String, String> properties, List<String> jvmOptions,
                       List<String> host) {
        this.host = List.copyOf(host);
        this.name = name;
        this.httpPort = httpPort;
        this.properties = Map.copyOf(properties);
        this.jvmOptions = List.copyOf(jvmOptions);
        this.dir = Path.of(System.getProperty("jacos.it.dir", "target/it")).resolve(name);
    }

    public int httpPort() {
        return httpPort;
    }

    /** The gRPC port every Nacos 2.x/3.x client derives from the main port. */
    public int grpcPort() {
        return httpPort + 1000;
    }

    public String serverAddr() {
        return "127.0.0.1:" + httpPort;
    }

    public long pid() {
        return process.pid();
    }

    /** Where this server keeps its data ({@code nacos.home}): its embedded database is under {@code data/}. */
    public Path nacosHome() {
        return dir.resolve("nacos-home");
    }

    public Path log() {
        return dir.resolve("server.log");
    }

    /**
     * Starts the server; the first start of this object begins with an empty {@link #nacosHome()}, so what an
     * earlier test run stored is not loaded, while a restart ({@link #stop()}, then this) keeps what was stored.
     */
    public JacosServer start() {
        launch();
        try {
            awaitReady();
            readyAfter = Duration.ofNanos(System.nanoTime() - launchedNanos);
        } catch (RuntimeException e) {
            // Nobody will stop a server whose start failed: without this it outlives the test JVM and holds its ports.
            stop();
            throw e;
        }
        return this;
    }

    /**
     * From the launch of the process to the first readiness answer UP, for the last {@link #start()}; null before.
     * Within one readiness poll interval of the truth.
     */
    public Duration readyAfter() {
        return readyAfter;
    }

    /** Starts the server's process without waiting for it to be ready (a test that expects it never to be). */
    public JacosServer launch() {
        try {
            if (process == null && !properties.containsKey("nacos.home")) {
                // Only the folder this class chose is emptied; a test that names nacos.home prepared it itself.
                deleteRecursively(nacosHome());
            }
            Files.createDirectories(dir.resolve("tmp"));
            List<String> command = new ArrayList<>(host);
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.add("-Xmx512m");
            command.addAll(TestJvmOptions.list());
            // A server with options of its own (the archive's training start) does without the shared classes.
            command.addAll(jvmOptions.isEmpty() ? ServerClassArchive.options() : jvmOptions);
            command.add("-Djava.io.tmpdir=" + dir.resolve("tmp").toAbsolutePath());
            command.add("-Dhazelcast.phone.home.enabled=false");
            // Extra JVM options for profiling a server (a flight recording, a perf map agent); none by default.
            String extra = System.getProperty("jacos.serverJvmArgs", "").strip();
            if (!extra.isEmpty()) {
                command.addAll(List.of(extra.split("\\s+")));
            }
            if (!properties.containsKey("nacos.home")) {
                // The naming store's embedded database, kept with the server's other files (never the real ~/nacos);
                // a restart under the same name finds what the server stored before.
                command.add("-Dnacos.home=" + nacosHome().toAbsolutePath());
            }
            if (!properties.containsKey(LOOPBACK_SETTING)) {
                command.add("-D" + LOOPBACK_SETTING + "=127.0.0.1");
            }
            properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
            command.add("-jar");
            command.add(Path.of(System.getProperty("jacos.bundle", "target/nacos-microbundle.jar")).toAbsolutePath().toString());
            command.addAll(List.of("--port", Integer.toString(httpPort), "--disablephonehome",
                    "--clustermode", "tcpip:127.0.0.1:6900", "--interfaces", "127.0.0.1",
                    "--clustername", "jacos-it-" + name + "-" + UUID.randomUUID()));
            launchedNanos = System.nanoTime();
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
            // The variable wins over -Dserver.address; one set where the tests run must not move a test server.
            builder.environment().remove("SERVER_ADDRESS");
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the server " + name, e);
        }
        return this;
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** Waits until the readiness check says the gRPC port accepts connections (and every other check is UP). */
    public void awaitReady() {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/health/ready"))
                .timeout(Duration.ofSeconds(5)).build();
        java.util.concurrent.atomic.AtomicReference<String> last = new java.util.concurrent.atomic.AtomicReference<>("nothing yet");
        try {
            Awaitility.await("server " + name + " ready (log: " + log() + ")").atMost(START_TIMEOUT)
                    .pollInterval(Duration.ofMillis(250)).ignoreExceptions().until(() -> {
                        if (!process.isAlive()) {
                            throw new IllegalStateException("server " + name + " exited; see " + log());
                        }
                        try {
                            HttpResponse<String> response = http.send(ready, HttpResponse.BodyHandlers.ofString());
                            last.set(response.statusCode() + " " + response.body());
                            return response.statusCode() == 200 && response.body().contains("\"UP\"");
                        } catch (IOException e) {
                            last.set(e.toString());
                            throw e;
                        }
                    });
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new IllegalStateException("server " + name + " not ready in " + START_TIMEOUT.toSeconds()
                    + " s; last readiness answer: " + last.get() + " (log: " + log() + ", threads: "
                    + dumpThreads() + ")", e);
        }
    }

    /** A thread dump of the server next to its log, so a hang can be read after the run. */
    private Path dumpThreads() {
        Path dump = dir.resolve("threads-" + System.currentTimeMillis() + ".txt");
        Path jstack = Path.of(System.getProperty("java.home"), "bin", "jstack");
        try {
            Process run = new ProcessBuilder(jstack.toString(), Long.toString(process.pid())).redirectErrorStream(true)
                    .redirectOutput(dump.toFile()).start();
            run.waitFor(30, TimeUnit.SECONDS);
        } catch (IOException e) {
            return dir.resolve("(no thread dump: " + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return dump;
    }

    /**
     * Stops the server as an operator would (SIGTERM), and kills it if it does not stop in time.
     *
     * @return true when the process ended by itself after the SIGTERM, false when it had to be killed or was not
     *     running
     */
    public boolean stop() {
        if (process == null || !process.isAlive()) {
            return false;
        }
        process.destroy();
        try {
            if (process.waitFor(60, TimeUnit.SECONDS)) {
                return true;
            }
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /** {@code SIGKILL}: the JVM dies at once, nothing of it runs; a later {@link #start()} keeps its data. */
    public void kill9() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stop();
    }
}
