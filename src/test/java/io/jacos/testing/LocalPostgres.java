package io.jacos.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throw-away PostgreSQL server for tests, run from the machine's own binaries ({@code initdb}, {@code pg_ctl};
 * Debian package {@code postgresql}): a data folder in the temp dir, listening on 127.0.0.1 only on a free
 * port, its unix socket in that folder, trust authentication. PostgreSQL refuses to run as root, so as root it
 * runs as the {@code postgres} user. {@link #close()} stops it by PID and deletes the folder.
 *
 * <p>Missing binaries fail the test with the reason: a store test that silently skips PostgreSQL would prove
 * nothing about it.
 */
public final class LocalPostgres implements AutoCloseable {

    public static final String USER = "jacos";
    private static final Duration COMMAND_LIMIT = Duration.ofSeconds(120);

    private final Path dir;
    private final String address;
    private final int port;
    private final long pid;

    private LocalPostgres(Path dir, String address, int port, long pid) {
        this.dir = dir;
        this.address = address;
        this.port = port;
        this.pid = pid;
    }

    /** Creates a fresh cluster and starts it; throws with the reason when that is not possible here. */
    public static LocalPostgres start() {
        try {
            return start(List.of(), "127.0.0.1", freePort(), "127.0.0.1/32");
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a local PostgreSQL", e);
        }
    }

    /**
     * The same on a test host: {@code host} prefixes every command ({@code ip netns exec <ns>}), the server
     * listens on {@code address} at PostgreSQL's default port and trusts clients from {@code clients} (CIDR).
     * Only {@link #url}, {@link #createDatabaseOnHost} and {@link #close()} are of use then: this JVM cannot reach it.
     */
    public static LocalPostgres startOn(List<String> host, String address, String clients) {
        return start(host, address, 5432, clients);
    }

    private static LocalPostgres start(List<String> host, String address, int port, String clients) {
        Path bin = binaries();
        try {
            Path dir = Files.createTempDirectory("jacos-pg");
            Path data = dir.resolve("data");
            if (asRoot()) {
                run(List.of("chown", "-R", "postgres:", dir.toString()), dir);
            }
            run(asOwner(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", USER, "--auth=trust",
                    "-E", "UTF8", "--no-instructions"), dir);
            Files.writeString(data.resolve("pg_hba.conf"), "host all all " + clients + " trust\n",
                    java.nio.file.StandardOpenOption.APPEND);
            List<String> ctl = new ArrayList<>(host);
            ctl.addAll(asOwner(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l",
                    dir.resolve("server.log").toString(), "-o", "-c listen_addresses=" + address + " -p " + port
                            + " -k " + dir, "-w", "-t", "60", "start"));
            run(ctl, dir);
            long pid = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim());
            return new LocalPostgres(dir, address, port, pid);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a local PostgreSQL", e);
        }
    }

    /** Creates an empty database through the server's unix socket (no network needed) and answers its JDBC URL. */
    public String createDatabaseOnHost(String name) {
        try {
            run(asOwner(binaries().resolve("createdb").toString(), "-h", dir.toString(), "-p",
                    Integer.toString(port), "-U", USER, name), dir);
        } catch (IOException e) {
            throw new IllegalStateException("cannot create database " + name, e);
        }
        return url(name);
    }

    /** JDBC URL of a database on this server. */
    public String url(String database) {
        return "jdbc:postgresql://" + address + ":" + port + "/" + database;
    }

    public int port() {
        return port;
    }

    public long pid() {
        return pid;
    }

    /** Creates an empty database and answers its JDBC URL. */
    public String createDatabase(String name) {
        return createDatabase(name, List.of("CREATE DATABASE " + name));
    }

    /**
     * Creates a login user with a password and an empty database it owns, as an operator prepares one for a
     * server's datasource, and answers its JDBC URL. Trust authentication accepts any password; it is set so the
     * server's configuration may carry one, as a real one would.
     */
    public String createDatabase(String name, String owner, String password) {
        return createDatabase(name, List.of("CREATE ROLE " + owner + " LOGIN PASSWORD '" + password + "'",
                "CREATE DATABASE " + name + " OWNER " + owner));
    }

    private String createDatabase(String name, List<String> statements) {
        try (Connection connection = connect("postgres"); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
            return url(name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + " (log: " + dir.resolve("server.log") + ")", e);
        }
    }

    /**
     * A connection to a database of this server, as {@link #USER}. Through the driver itself, not DriverManager:
     * a closed naming store deregisters the drivers its class loader loaded.
     */
    public Connection connect(String database) throws SQLException {
        Properties user = new Properties();
        user.setProperty("user", USER);
        return new org.postgresql.Driver().connect(url(database), user);
    }

    /** Fast shutdown (SIGINT to the postmaster, by PID), then the folder is deleted. */
    @Override
    public void close() {
        ProcessHandle.of(pid).ifPresent(postmaster -> {
            try {
                run(List.of("kill", "-INT", Long.toString(pid)), dir);
                postmaster.onExit().get(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                postmaster.destroyForcibly();
            }
        });
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a leftover temp folder is harmless
        }
    }

    /** The folder with {@code initdb} and {@code pg_ctl}: {@code -Djacos.pg.bin}, Debian's place, or the PATH. */
    static Path binaries() {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getProperty("jacos.pg.bin", System.getenv("JACOS_PG_BIN"));
        if (configured != null) {
            candidates.add(Path.of(configured));
        }
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                versions.sorted(Comparator.comparing(LocalPostgres::majorVersion).reversed())
                        .map(v -> v.resolve("bin")).forEach(candidates::add);
            } catch (IOException e) {
                // fall through to the PATH
            }
        }
        for (String entry : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            candidates.add(Path.of(entry));
        }
        return candidates.stream()
                .filter(d -> Files.isExecutable(d.resolve("initdb")) && Files.isExecutable(d.resolve("pg_ctl")))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("PostgreSQL binaries (initdb, pg_ctl) not found in "
                        + candidates.stream().limit(4).toList() + "... : install the Debian package postgresql "
                        + "(.ci/run does), or point -Djacos.pg.bin at their folder"));
    }

    private static int majorVersion(Path versionDir) {
        try {
            return Integer.parseInt(versionDir.getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean asRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static List<String> asOwner(String... command) {
        List<String> full = new ArrayList<>();
        if (asRoot()) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(List.of(command));
        return full;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void run(List<String> command, Path dir) throws IOException {
        Path output = dir.resolve("commands.log");
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile())).start();
        try {
            if (!process.waitFor(COMMAND_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(command + " did not finish in " + COMMAND_LIMIT);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + command, e);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(command + " failed with " + process.exitValue() + ":\n"
                    + Files.readString(output));
        }
    }
}
