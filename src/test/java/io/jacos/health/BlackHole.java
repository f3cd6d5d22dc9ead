package io.jacos.health;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A port on 127.0.0.1 where connecting hangs: a listener that never accepts, with its backlog of one filled, so
 * Linux drops further SYNs instead of refusing them. Stands for a host that is down or behind a firewall.
 */
public final class BlackHole implements AutoCloseable {

    private final ServerSocket server;
    private final List<Socket> fillers = new ArrayList<>();

    public BlackHole() throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        boolean full = false;
        for (int i = 0; i < 8 && !full; i++) {
            Socket filler = new Socket();
            try {
                filler.connect(server.getLocalSocketAddress(), 300);
                fillers.add(filler);
            } catch (SocketTimeoutException e) {
                filler.close();
                full = true;
            }
        }
        assumeTrue(full, "this kernel answers connections beyond the backlog; no black hole possible");
    }

    public int port() {
        return server.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        for (Socket filler : fillers) {
            filler.close();
        }
        server.close();
    }

    /** A port on 127.0.0.1 that refuses connections: bound once, then released. */
    public static int refusingPort() throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        }
    }
}
