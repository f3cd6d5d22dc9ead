package io.jacos.it.appserver;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the operating system says about a server process: its listening sockets and its threads. */
final class HostProbes {

    private static final Pattern PID = Pattern.compile("pid=(\\d+),");
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private final Commands commands;

    HostProbes(Commands commands) {
        this.commands = commands;
    }

    /** {@code ss -ltn} lines of sockets that any of {@code pids} listens on. */
    List<String> listeners(Set<Long> pids) {
        return commands.run(LIMIT, "ss", "-ltnpH").lines()
                .filter(line -> {
                    Matcher pid = PID.matcher(line);
                    while (pid.find()) {
                        if (pids.contains(Long.parseLong(pid.group(1)))) {
                            return true;
                        }
                    }
                    return false;
                })
                .toList();
    }

    /** Lines of {@link #listeners} whose local address is not a loopback address. */
    List<String> nonLoopbackListeners(Set<Long> pids) {
        return listeners(pids).stream().filter(line -> !isLoopback(localAddress(line))).toList();
    }

    static String localAddress(String ssLine) {
        // State, Recv-Q, Send-Q, Local Address:Port, Peer Address:Port, Process
        return ssLine.trim().split("\\s+")[3];
    }

    static boolean isLoopback(String addressAndPort) {
        String address = addressAndPort.substring(0, addressAndPort.lastIndexOf(':'));
        return address.startsWith("127.") || address.startsWith("[::ffff:127.") || address.equals("[::1]");
    }

    /** Names of the live threads of a JVM, from the JDK's own {@code jcmd Thread.print}. */
    List<String> threadNames(long pid) {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        return commands.run(LIMIT, jcmd, Long.toString(pid), "Thread.print").lines()
                .filter(line -> line.startsWith("\""))
                .map(line -> line.substring(1, line.indexOf('"', 1)))
                .toList();
    }

    /** True when nothing listens on 127.0.0.1:port (a bind succeeds). */
    static boolean portFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress("127.0.0.1", port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * No socket listens on the port, so a server can bind it as ours does (with SO_REUSEADDR). Unlike
     * {@link #portFree}, connections the old server closed, waiting out TIME_WAIT for a minute, don't count.
     */
    static boolean noListener(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress("127.0.0.1", port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static boolean allFree(int... ports) {
        return Arrays.stream(ports).allMatch(HostProbes::portFree);
    }
}
