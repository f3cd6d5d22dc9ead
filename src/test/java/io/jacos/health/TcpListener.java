package io.jacos.health;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/** A live TCP target on 127.0.0.1: accepts every connection and closes it; can go away and come back on its port. */
public final class TcpListener implements AutoCloseable {

    private final AtomicInteger accepted = new AtomicInteger();
    private final int port;
    private volatile ServerSocket socket;

    public TcpListener() throws IOException {
        this(0);
    }

    private TcpListener(int port) throws IOException {
        this.port = open(port);
    }

    private int open(int wanted) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), wanted), 1024);
        socket = server;
        Thread acceptor = new Thread(() -> acceptAll(server), "test-acceptor-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
        return server.getLocalPort();
    }

    private void acceptAll(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket ignored = server.accept()) {
                accepted.incrementAndGet();
            } catch (IOException e) {
                return; // closed by the test
            }
        }
    }

    public int port() {
        return port;
    }

    int accepted() {
        return accepted.get();
    }

    /** Listens again on the same port. */
    void reopen() throws IOException {
        open(port);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
