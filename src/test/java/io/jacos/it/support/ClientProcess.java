package io.jacos.it.support;

import org.awaitility.Awaitility;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@link RegisteringClientMain} running in a separate JVM, so a test can kill it ({@code SIGKILL}) or freeze
 * it ({@code SIGSTOP}) the way an operating system would. Everything is done by this process's PID only.
 */
public final class ClientProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final Path log;

    private ClientProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts the client and waits until it reports its instance registered. */
    public static ClientProcess register(String serverAddr, String service, String ip, int port) {
        return start(System.getProperty("java.class.path"), RegisteringClientMain.class, RegisteringClientMain.REGISTERED,
                service + "-" + ip + "-" + port, serverAddr, service, ip, Integer.toString(port));
    }

    /**
     * Starts {@code main} in a JVM of its own on {@code classpath} (another nacos-client version than this JVM's,
     * for instance) and waits until it prints {@code readyLine}.
     */
    public static ClientProcess start(String classpath, Class<?> main, String readyLine, String name, String... args) {
        return startOn(List.of(), "127.0.0.1", classpath, main, readyLine, name, args);
    }

    /**
     * The same, on another host: {@code host} prefixes the command ({@link NetworkNamespaces#onClient}), and
     * {@code localIp} is the address a 1.x client gives as its UDP push target.
     */
    public static ClientProcess startOn(List<String> host, String localIp, String classpath, Class<?> main,
                                        String readyLine, String name, String... args) {
        ClientProcess client = launchOn(host, localIp, classpath, main, name, args);
        client.awaitReady(main, readyLine);
        return client;
    }

    /** {@link #startOn} without the wait, so that several start at once; then {@link #awaitReady} each. */
    public static ClientProcess launchOn(List<String> host, String localIp, String classpath, Class<?> main,
                                         String name, String... args) {
        Path dir = Path.of(System.getProperty("jacos.it.dir", "target/it")).resolve("client-processes");
        Path log = dir.resolve(name + ".log");
        Process process;
        try {
            Files.createDirectories(dir);
            List<String> command = new ArrayList<>(host);
            command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m"));
            command.addAll(TestJvmOptions.list());
            command.addAll(List.of("-cp", classpath,
                    // 1.x clients give this address as their UDP push target (loopback, unless on another host).
                    "-Dcom.alibaba.nacos.client.naming.local.ip=" + localIp, main.getName()));
            command.addAll(List.of(args));
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a client process", e);
        }
        return new ClientProcess(process, log);
    }

    /** Waits until the process printed {@code readyLine}; kills it and throws if it exits or never does. */
    public void awaitReady(Class<?> main, String readyLine) {
        try {
            Awaitility.await(main.getSimpleName() + " ready (log: " + log + ")").atMost(START_TIMEOUT)
                    .pollInterval(Duration.ofMillis(100)).until(() -> {
                        if (!process.isAlive()) {
                            throw new IllegalStateException("client process exited; see " + log);
                        }
                        return lines().anyMatch(readyLine::equals);
                    });
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** What the process printed so far, line by line. */
    public java.util.stream.Stream<String> lines() throws IOException {
        return Files.readString(log).lines();
    }

    public long pid() {
        return process.pid();
    }

    /** {@code SIGKILL}: the process dies at once and the kernel closes its TCP connections. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * {@code SIGSTOP}: the process stops running but stays alive, so its TCP connection stays open and
     * simply goes silent, like a client in a long GC pause or behind a network partition.
     */
    public void freeze() {
        try {
            Process stop = new ProcessBuilder("kill", "-STOP", Long.toString(pid())).inheritIO().start();
            if (!stop.waitFor(30, TimeUnit.SECONDS) || stop.exitValue() != 0) {
                throw new IllegalStateException("kill -STOP " + pid() + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run kill -STOP " + pid(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while freezing " + pid(), e);
        }
    }

    /** {@code SIGCONT}: a frozen process runs again and finds what its connections went through meanwhile. */
    public void thaw() {
        try {
            Process cont = new ProcessBuilder("kill", "-CONT", Long.toString(pid())).inheritIO().start();
            if (!cont.waitFor(30, TimeUnit.SECONDS) || cont.exitValue() != 0) {
                throw new IllegalStateException("kill -CONT " + pid() + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run kill -CONT " + pid(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while thawing " + pid(), e);
        }
    }

    /** Kills the process if it still runs (a frozen process is killed too). */
    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }
}
