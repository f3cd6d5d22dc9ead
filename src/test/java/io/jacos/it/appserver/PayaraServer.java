package io.jacos.it.appserver;

import io.jacos.it.support.TestJvmOptions;
import org.awaitility.Awaitility;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Payara Server 6: a domain freshly made with {@code create-domain --portbase}, started, set up with
 * {@code server-config/payara-server/asadmin-commands.txt} and restarted, exactly as docs/operations.md says.
 * <p>
 * Two things are done to the unpacked copy so that even its first start (before the commands bind everything to
 * 127.0.0.1 and turn phone-home off) sends nothing off this machine: the phone-home module is moved aside,
 * and Hazelcast's own phone-home is turned off through {@code JAVA_TOOL_OPTIONS}.
 */
final class PayaraServer implements AppServer {

    private static final String DOMAIN = "jacos";
    private static final int[] PORTS_OVER_BASE = {48, 80, 81, 76, 37, 38, 39, 86, 66, 49, 59, 80 + 1000};
    private static final Duration LIMIT = Duration.ofMinutes(4);

    private final Path home;
    private final Path repository;
    private final Path domains;
    private final Path workDir;
    private final Path nacosHome;
    private final Commands commands;
    private int portBase;

    PayaraServer(Path home, Path repository, Path workDir) {
        this.home = home;
        this.repository = repository;
        this.domains = workDir.resolve("payara-domains");
        this.workDir = workDir;
        this.nacosHome = workDir.resolve("payara-nacos-home");
        // JAVA_TOOL_OPTIONS reaches the domain's JVM too: the naming store's database goes under the test's folder,
        // and the application's gRPC and UDP push sockets stay on loopback (their default is every interface).
        this.commands = new Commands(home, workDir.resolve("payara-commands.log"), Map.of(
                "JAVA_HOME", System.getProperty("java.home"),
                "AS_JAVA", System.getProperty("java.home"),
                "JAVA_TOOL_OPTIONS", (TestJvmOptions.joined() + " -Dhazelcast.phone.home.enabled=false"
                        + " -Dserver.address=127.0.0.1 -Dnacos.home=" + nacosHome).strip()));
    }

    @Override
    public String name() {
        return "Payara Server";
    }

    @Override
    public void start() {
        keepPhoneHomeOff();
        deleteTree(domains);
        portBase = PortPlan.firstFree(Integer.getInteger("jacos.it.payara.portbase", 24000),
                base -> Arrays.stream(PORTS_OVER_BASE).map(p -> base + p).toArray());
        asadmin("create-domain", "--nopassword=true", "--portbase", Integer.toString(portBase),
                "--domaindir", domains.toString(), DOMAIN);
        asadmin("start-domain", "--domaindir", domains.toString(), DOMAIN);
        asadmin("--port", Integer.toString(adminPort()), "multimode",
                "--file", repository.resolve("server-config/payara-server/asadmin-commands.txt").toString());
        // The commands serve every interface, as a product should; a test keeps its listeners on loopback.
        asadmin("--port", Integer.toString(adminPort()), "create-system-properties", "server.address=127.0.0.1");
        asadmin("restart-domain", "--domaindir", domains.toString(), DOMAIN);
    }

    @Override
    public void deploy(Path war) {
        asadmin("--port", Integer.toString(adminPort()), "deploy", "--force=true", war.toAbsolutePath().toString());
    }

    @Override
    public Commands.Result tryDeploy(Path war) {
        return commands.attempt(LIMIT, asadminCommand("--port", Integer.toString(adminPort()), "deploy",
                war.toAbsolutePath().toString()));
    }

    @Override
    public Path nacosHome() {
        return nacosHome;
    }

    @Override
    public Path serverLog() {
        return domains.resolve(DOMAIN).resolve("logs").resolve("server.log");
    }

    @Override
    public void undeploy() {
        asadmin("--port", Integer.toString(adminPort()), "undeploy", "nacos");
    }

    /**
     * The driver goes into the domain first, and a server pool sees it only after a restart, as the snippet says.
     * The WAR is undeployed before: restart-domain answers before the domain has loaded its applications again,
     * and that loading would race the caller's next deployment for the gRPC port.
     */
    @Override
    public String addPostgresDatasource(Path driverJar, int postgresPort) {
        undeploy();
        asadmin("--port", Integer.toString(adminPort()), "add-library", driverJar.toString());
        asadmin("restart-domain", "--domaindir", domains.toString(), DOMAIN);
        Path script = Snippet.fill(repository.resolve("server-config/payara-server/datasource-postgresql.txt"),
                Map.of("portNumber=5432", "portNumber=" + postgresPort), workDir.resolve("payara-datasource.txt"));
        asadmin("--port", Integer.toString(adminPort()), "multimode", "--file", script.toString());
        return "jdbc/jacos";
    }

    /** Nothing outlives the run: {@link #start} makes the domain afresh. */
    @Override
    public void removePostgresDatasource() {
    }

    @Override
    public int httpPort() {
        return portBase + 80;
    }

    private int adminPort() {
        return portBase + 48;
    }

    @Override
    public Set<Long> pids() {
        return domainPid().map(Set::of).orElse(Set.of());
    }

    @Override
    public long serverPid() {
        return domainPid().orElseThrow(() -> new IllegalStateException("Payara Server is not running"));
    }

    @Override
    public void close() {
        Optional<ProcessHandle> process = domainPid().flatMap(ProcessHandle::of);
        if (process.isEmpty()) {
            return;
        }
        commands.attempt(LIMIT, asadminCommand("stop-domain", "--domaindir", domains.toString(), DOMAIN));
        try {
            Awaitility.await("Payara Server stopped").atMost(Duration.ofSeconds(60)).until(() -> !process.get().isAlive());
        } catch (RuntimeException e) {
            process.get().destroyForcibly();
        }
    }

    private Optional<Long> domainPid() {
        Path pidFile = domains.resolve(DOMAIN).resolve("config").resolve("pid");
        try {
            return Files.exists(pidFile) ? Optional.of(Long.parseLong(Files.readString(pidFile).trim())) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private void asadmin(String... arguments) {
        commands.run(LIMIT, asadminCommand(arguments));
    }

    private String[] asadminCommand(String... arguments) {
        return Stream.concat(Stream.of("bash", "bin/asadmin", "--interactive=false"), Stream.of(arguments))
                .toArray(String[]::new);
    }

    private void keepPhoneHomeOff() {
        Path module = home.resolve("glassfish/modules/phonehome-bootstrap.jar");
        try {
            if (Files.exists(module)) {
                Files.move(module, home.resolve("phonehome-bootstrap.jar.disabled"), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot move the phone-home module aside", e);
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new IllegalStateException("cannot delete " + root, e);
        }
    }
}
