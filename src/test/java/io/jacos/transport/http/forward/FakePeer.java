package io.jacos.transport.http.forward;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.jacos.model.NodeId;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A peer node on 127.0.0.1 that records each request and answers 200 {@code ok} (or stalls when told to). */
final class FakePeer implements AutoCloseable {

    record Seen(String method, String path, String query, String body, com.sun.net.httpserver.Headers headers) {
    }

    final BlockingQueue<Seen> seen = new LinkedBlockingQueue<>();
    final CountDownLatch release = new CountDownLatch(1);
    volatile boolean stall;
    private final HttpServer server;

    FakePeer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    NodeId node() {
        return new NodeId("127.0.0.1", server.getAddress().getPort());
    }

    Seen next() throws InterruptedException {
        return seen.poll(5, TimeUnit.SECONDS);
    }

    private void answer(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        seen.add(new Seen(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                exchange.getRequestURI().getRawQuery(), new String(body, StandardCharsets.UTF_8),
                exchange.getRequestHeaders()));
        if (stall) {
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byte[] answer = "ok".getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "text/plain;charset=UTF-8");
        exchange.sendResponseHeaders(201, answer.length);
        exchange.getResponseBody().write(answer);
        exchange.close();
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
    }
}
