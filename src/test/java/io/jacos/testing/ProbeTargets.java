package io.jacos.testing;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Real endpoints on 127.0.0.1 for the server's health checks to probe: live, dead, or answering HTTP. */
public final class ProbeTargets {

    private ProbeTargets() {
    }

    static InetAddress loopback() {
        return InetAddress.getLoopbackAddress();
    }

    /** A port on 127.0.0.1 that nothing listens on (free when asked; refuses connections). */
    public static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, loopback())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A TCP listener that accepts and closes connections, and counts them; it can be closed and opened again on
     * its port.
     */
    public static final class TcpListener implements AutoCloseable {
        private final int port;
        private final AtomicInteger accepted = new AtomicInteger();
        private volatile ServerSocket socket;

        public TcpListener() {
            this(0);
        }

        private TcpListener(int port) {
            this.port = open(port);
        }

        public int port() {
            return port;
        }

        /** Connections accepted so far: the probes that reached it. */
        public int accepted() {
            return accepted.get();
        }

        private int open(int wanted) {
            try {
                ServerSocket server = new ServerSocket();
                server.setReuseAddress(true);
                // A long queue: the health benchmark sends it hundreds of connections a second.
                server.bind(new InetSocketAddress(loopback(), wanted), 1024);
                socket = server;
                Thread acceptor = new Thread(() -> acceptUntilClosed(server, accepted),
                        "probe-target-" + server.getLocalPort());
                acceptor.setDaemon(true);
                acceptor.start();
                return server.getLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static void acceptUntilClosed(ServerSocket server, AtomicInteger accepted) {
            while (!server.isClosed()) {
                try (Socket ignored = server.accept()) {
                    accepted.incrementAndGet(); // accepting is all a TCP check asks for
                } catch (IOException e) {
                    return;
                }
            }
        }

        public void reopen() {
            open(port);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /**
     * A listener whose accept queue is full and never drained, so a connection attempt to it gets no answer
     * and times out, as a frozen host's would.
     */
    public static final class Blackhole implements AutoCloseable {
        private final ServerSocket server;
        private final List<Socket> fillers = new ArrayList<>();

        public Blackhole() throws IOException {
            server = new ServerSocket(0, 1, loopback());
            // Linux keeps backlog + 1 completed connections; a few more make sure the queue is full.
            for (int i = 0; i < 4; i++) {
                Socket filler = new Socket();
                try {
                    filler.connect(new InetSocketAddress(loopback(), server.getLocalPort()), 200);
                    fillers.add(filler);
                } catch (IOException full) {
                    filler.close();
                    break;
                }
            }
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
    }

    /**
     * An HTTP server on 127.0.0.1 answering every request with the status it is set to; it keeps the last
     * request's path and headers.
     */
    public static final class StatusServer implements AutoCloseable {

        public record Request(String path, Headers headers) {
        }

        private final HttpServer server;
        private final AtomicInteger status = new AtomicInteger(200);
        private final AtomicInteger requests = new AtomicInteger();
        private volatile Request last;

        public StatusServer() throws IOException {
            server = HttpServer.create(new InetSocketAddress(loopback(), 0), 50);
            server.createContext("/", exchange -> {
                last = new Request(exchange.getRequestURI().toString(), exchange.getRequestHeaders());
                requests.incrementAndGet();
                exchange.sendResponseHeaders(status.get(), -1);
                exchange.close();
            });
            server.start();
        }

        public int port() {
            return server.getAddress().getPort();
        }

        public void answer(int code) {
            status.set(code);
        }

        public int requests() {
            return requests.get();
        }

        /** The last request answered; null before the first. */
        public Request lastRequest() {
            return last;
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
