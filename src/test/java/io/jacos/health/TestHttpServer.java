package io.jacos.health;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/** An HTTP target on 127.0.0.1 that answers every request with the status the test sets, and keeps the last request. */
final class TestHttpServer implements AutoCloseable {

    record Request(String path, Headers headers) {
    }

    private final HttpServer server;
    private volatile int status = 200;
    private volatile Request last;

    TestHttpServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", exchange -> {
            last = new Request(exchange.getRequestURI().toString(), exchange.getRequestHeaders());
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    void answer(int newStatus) {
        status = newStatus;
    }

    Request lastRequest() {
        return last;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
