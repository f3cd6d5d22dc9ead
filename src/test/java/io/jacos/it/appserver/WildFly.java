package io.jacos.it.appserver;

import io.jacos.it.support.TestJvmOptions;
import org.awaitility.Awaitility;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * WildFly 39, {@code standalone.xml}, prepared offline with {@code server-config/wildfly/configure.cli} and
 * started with the command of docs/operations.md and a port offset that leaves every port it needs free.
 */
final class WildFly implements AppServer {

    private static final int HTTP = 8080;
    private static final int HTTPS = 8443;
    private static final int MANAGEMENT = 9990;
    private static final int MANAGEMENT_HTTPS = 9993;
    private static final Duration LIMIT = Duration.ofMinutes(3);
    private static final String JNDI_NAME = "java:jboss/datasources/JacosDS";
    /**
     * Undoes the datasource snippet on the stopped server, offline: at run time WildFly keeps the removed
     * datasource's services until a reload and refuses to remove the driver under them. Each step only if its
     * resource is there, so a half-applied snippet is undone too.
     */
    private static final String DATASOURCE_UNDO = """
            embed-server --server-config=standalone.xml --std-out=discard
            if (outcome == success) of /system-property=jacos.db.jndi-name:read-resource
              /system-property=jacos.db.jndi-name:remove
            end-if
            if (outcome == success) of /subsystem=datasources/data-source=JacosDS:read-resource
              /subsystem=datasources/data-source=JacosDS:remove
            end-if
            if (outcome == success) of /subsystem=datasources/jdbc-driver=postgresql:read-resource
              /subsystem=datasources/jdbc-driver=postgresql:remove
            end-if
            stop-embedded-server
            """;

    private final Path home;
    private final Path repository;
    private final Commands commands;
    private final Path log;
    private final Path workDir;
    private final Path nacosHome;
    private int offset;
    private Process launcher;

    WildFly(Path home, Path repository, Path workDir) {
        this.home = home;
        this.repository = repository;
        this.log = workDir.resolve("wildfly.log");
        this.workDir = workDir;
        this.nacosHome = workDir.resolve("wildfly-nacos-home");
        this.commands = new Commands(home, workDir.resolve("wildfly-commands.log"),
                TestJvmOptions.list().isEmpty() ? Map.of("JAVA_HOME", System.getProperty("java.home"))
                        : Map.of("JAVA_HOME", System.getProperty("java.home"), "JAVA_TOOL_OPTIONS", TestJvmOptions.joined()));
    }

    @Override
    public String name() {
        return "WildFly";
    }

    @Override
    public void start() {
        commands.run(LIMIT, "bash", "bin/jboss-cli.sh",
                "--file=" + repository.resolve("server-config/wildfly/configure.cli"));
        offset = PortPlan.firstFree(Integer.getInteger("jacos.it.wildfly.port-offset", 22000),
                o -> new int[]{HTTP + o, HTTPS + o, MANAGEMENT + o, MANAGEMENT_HTTPS + o, HTTP + o + 1000});
        try {
            Files.deleteIfExists(log);
            launcher = commands.start(log, "bash", "bin/standalone.sh", "-c", "standalone.xml",
                    "-b", "127.0.0.1", "-bmanagement", "127.0.0.1",
                    "-Djboss.socket.binding.port-offset=" + offset,
                    // The application's gRPC and UDP push sockets, whose default is every interface.
                    "-Dserver.address=127.0.0.1",
                    "-Dnacos.home=" + nacosHome);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start WildFly", e);
        }
        Awaitility.await("WildFly started (log: " + log + ")").atMost(LIMIT).pollInterval(Duration.ofMillis(500))
                .until(() -> {
                    if (!launcher.isAlive()) {
                        throw new IllegalStateException("WildFly exited; see " + log);
                    }
                    return cli("read-attribute server-state").output().contains("running");
                });
    }

    @Override
    public void deploy(Path war) {
        cliOrFail("deploy " + war.toAbsolutePath() + " --force");
    }

    @Override
    public Commands.Result tryDeploy(Path war) {
        return cli("deploy " + war.toAbsolutePath());
    }

    @Override
    public Path nacosHome() {
        return nacosHome;
    }

    @Override
    public Path serverLog() {
        return home.resolve("standalone/log/server.log");
    }

    @Override
    public void undeploy() {
        cliOrFail("undeploy nacos.war");
    }

    @Override
    public String addPostgresDatasource(Path driverJar, int postgresPort) {
        Path script = Snippet.fill(repository.resolve("server-config/wildfly/datasource-postgresql.cli"), Map.of(
                "/path/to/postgresql-42.7.14.jar", driverJar.toString(),
                "127.0.0.1:5432/", "127.0.0.1:" + postgresPort + "/"), workDir.resolve("wildfly-datasource.cli"));
        commands.run(LIMIT, "bash", "bin/jboss-cli.sh", "--connect", "--controller=" + controller(),
                "--file=" + script);
        return JNDI_NAME;
    }

    /** WildFly saved what the snippet did in standalone.xml and modules/, where the next run would find it. */
    @Override
    public void removePostgresDatasource() {
        try {
            Path script = Files.writeString(workDir.resolve("wildfly-datasource-undo.cli"), DATASOURCE_UNDO);
            commands.run(LIMIT, "bash", "bin/jboss-cli.sh", "--file=" + script);
            Path module = home.resolve("modules/org/postgresql");
            if (Files.exists(module)) {
                commands.run(LIMIT, "bash", "bin/jboss-cli.sh", "--command=module remove --name=org.postgresql");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot undo the datasource snippet", e);
        }
    }

    @Override
    public int httpPort() {
        return HTTP + offset;
    }

    @Override
    public Set<Long> pids() {
        Set<Long> pids = new HashSet<>();
        if (launcher != null) {
            pids.add(launcher.pid());
            pids.addAll(launcher.descendants().map(ProcessHandle::pid).collect(Collectors.toSet()));
        }
        return pids;
    }

    @Override
    public long serverPid() {
        return launcher.descendants().filter(p -> p.info().command().orElse("").endsWith("java"))
                .findFirst().orElseThrow(() -> new IllegalStateException("no WildFly JVM")).pid();
    }

    @Override
    public void close() {
        if (launcher == null || !launcher.isAlive()) {
            return;
        }
        cli("shutdown");
        try {
            if (!launcher.waitFor(60, TimeUnit.SECONDS)) {
                launcher.descendants().forEach(ProcessHandle::destroyForcibly);
                launcher.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void cliOrFail(String command) {
        Commands.Result result = cli(command);
        if (result.exitCode() != 0) {
            throw new IllegalStateException("jboss-cli `" + command + "` failed:\n" + result.output());
        }
    }

    private Commands.Result cli(String command) {
        return commands.attempt(LIMIT, "bash", "bin/jboss-cli.sh", "--connect",
                "--controller=" + controller(), "--command=" + command);
    }

    private String controller() {
        return "127.0.0.1:" + (MANAGEMENT + offset);
    }
}
