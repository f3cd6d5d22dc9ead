package io.jacos.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Counts open TCP connections to a local port as the kernel sees them ({@code /proc/net/tcp} and {@code tcp6},
 * Linux): which server a client is really connected to, without asking the server. Counts the client side of
 * each connection (remote port = the server's port), from every process on the machine.
 */
public final class LoopbackConnections {

    private static final String ESTABLISHED = "01";

    private LoopbackConnections() {
    }

    /** Established connections whose remote end is {@code port}. */
    public static int to(int port) {
        return count(Path.of("/proc/net/tcp"), port) + count(Path.of("/proc/net/tcp6"), port);
    }

    private static int count(Path table, int port) {
        if (!Files.isReadable(table)) {
            return 0;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(table);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + table, e);
        }
        String wanted = String.format(":%04X", port);
        int count = 0;
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length > 3 && fields[2].endsWith(wanted) && ESTABLISHED.equals(fields[3])) {
                count++;
            }
        }
        return count;
    }
}
