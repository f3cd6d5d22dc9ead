package io.jacos.it.client1;

import io.jacos.it.support.TestJvmOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The ways an operator starts a server on a host of its own, for {@link OtherHostIT}: the bundle with
 * {@code java -jar}, and the distribution with {@code bin/startup.sh}. Each gets only what the harness needs (its own
 * files, long client caches), and no address unless the test narrows it to loopback, by the means that start offers.
 */
final class HostedStarts {

    private HostedStarts() {
    }

    /** How a server is started on the server host, with no address setting or bound to loopback. */
    interface ServerStart {
        String name();

        /** The command line and environment of a start; {@code loopbackOnly} narrows every listener to 127.0.0.1. */
        ProcessBuilder command(Path dir, boolean loopbackOnly) throws IOException;

        /** The server's own process, which may be a child of the launched one. */
        default long serverPid(Path dir, Process launched) throws IOException {
            return launched.pid();
        }
    }

    /** A 1.x client polls at the cache time the server gives it: long, so an event in time came by push. */
    private static final String LONG_CACHE = "-Djacos.naming.cache-millis=600000";

    static final ServerStart BUNDLE = new ServerStart() {
        @Override
        public String name() {
            return "bundle";
        }

        @Override
        public ProcessBuilder command(Path dir, boolean loopbackOnly) {
            List<String> command = new ArrayList<>(List.of(java(), "-Xmx512m"));
            command.addAll(TestJvmOptions.list());
            command.add("-Djava.io.tmpdir=" + dir.resolve("tmp"));
            command.add("-Dnacos.home=" + dir.resolve("nacos-home"));
            command.add(LONG_CACHE);
            if (loopbackOnly) {
                command.add("-Dserver.address=127.0.0.1");
            }
            command.addAll(List.of("-jar", Path.of(System.getProperty("jacos.bundle", "target/nacos-microbundle.jar"))
                    .toAbsolutePath().toString(), "--disablephonehome", "--clustername",
                    "jacos-it-other-host-" + UUID.randomUUID()));
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().remove("SERVER_ADDRESS");
            return builder;
        }
    };

    /**
     * The distribution unpacked into the run's folder and started with {@code bin/startup.sh -m standalone}; narrowed
     * with the variable {@code SERVER_ADDRESS}, as an operator of Nacos's script would. The script starts the server
     * in the background, so the launched process waits for the server's pid to end, and its end stops the server.
     */
    static final ServerStart DISTRIBUTION = new ServerStart() {
        @Override
        public String name() {
            return "distribution";
        }

        @Override
        public ProcessBuilder command(Path dir, boolean loopbackOnly) throws IOException {
            Path home = unpack(dir);
            String script = "\"$0\" -m standalone || exit 1; pid=$(cat \"$1\"); trap 'kill $pid' TERM;"
                    + " while kill -0 $pid 2>/dev/null; do sleep 1 & wait $!; done";
            ProcessBuilder builder = new ProcessBuilder("bash", "-c", script,
                    home.resolve("bin").resolve("startup.sh").toString(), home.resolve("jacos.pid").toString());
            Map<String, String> env = builder.environment();
            List.of("SERVER_PORT", "NACOS_HOME", "JVM_XMS", "JVM_XMX", "JVM_XMN").forEach(env::remove);
            env.put("JAVA_HOME", System.getProperty("java.home"));
            env.put("JVM_XMS", "256m");
            env.put("JVM_XMX", "512m");
            env.put("JAVA_OPT", String.join(" ", TestJvmOptions.list()) + " -Djava.io.tmpdir=" + dir.resolve("tmp")
                    + " " + LONG_CACHE);
            if (loopbackOnly) {
                env.put("SERVER_ADDRESS", "127.0.0.1");
            } else {
                env.remove("SERVER_ADDRESS");
            }
            return builder;
        }

        @Override
        public long serverPid(Path dir, Process launched) throws IOException {
            Path file = dir.resolve("jacos").resolve("jacos.pid");
            return Files.exists(file) ? Long.parseLong(Files.readString(file).strip()) : -1;
        }
    };

    private static Path unpack(Path dir) throws IOException {
        Path archive = Path.of(System.getProperty("jacos.distribution", "target/jacos-0.1.0-SNAPSHOT.tar.gz"))
                .toAbsolutePath();
        Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", dir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("tar.log").toFile()).start();
        try {
            if (!tar.waitFor(120, TimeUnit.SECONDS) || tar.exitValue() != 0) {
                throw new IOException("unpacking " + archive + " failed: see " + dir.resolve("tar.log"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted unpacking " + archive, e);
        }
        return dir.resolve("jacos");
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
