package io.jacos.it.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Sends the HTTP cases, a bounded number in flight (raw, undecodable queries over a plain socket, since no HTTP
 * client sends those), and has each answer judged ({@link HttpJudge}).
 */
final class HttpRun {

    private static final int IN_FLIGHT = 16;
    private static final String FORM = "application/x-www-form-urlencoded;charset=UTF-8";

    private final HttpCases cases;
    private final String host;
    private final int port;
    private final Findings findings;
    private final HttpJudge judge;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    HttpRun(HttpCases cases, int port, Findings findings) {
        this.cases = cases;
        this.host = "127.0.0.1";
        this.port = port;
        this.findings = findings;
        this.judge = new HttpJudge(findings);
    }

    void run(long from, long count) throws InterruptedException {
        Semaphore slots = new Semaphore(IN_FLIGHT);
        for (long i = from; i < from + count; i++) {
            HttpCase c = cases.generate(i);
            if (c.rawQuery() != null) {
                judgeRaw(c);
                continue;
            }
            HttpRequest request;
            try {
                request = request(c);
            } catch (IllegalArgumentException e) {
                findings.problem("http-case-not-sendable", e.getMessage() + " <- case " + c.index() + " "
                        + c.describe());
                continue;
            }
            slots.acquire();
            // Once more on a fresh attempt when the connection dropped: the JDK client resends only idempotent
            // requests itself when a pooled keep-alive connection turns out closed.
            http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .exceptionallyCompose(first -> http.sendAsync(request, HttpResponse.BodyHandlers.ofString()))
                    .whenComplete((answer, failure) -> {
                try {
                    if (failure != null) {
                        findings.problem("http-call-failed", failure + " <- case " + c.index() + " " + c.describe());
                    } else {
                        judge.judge(c, answer.statusCode(), answer.body());
                    }
                } finally {
                    slots.release();
                }
            });
        }
        if (!slots.tryAcquire(IN_FLIGHT, 120, TimeUnit.SECONDS)) {
            findings.problem("http-stuck", "answers still missing two minutes after the last request");
        }
    }

    /** The request as a client library sends it: a form body unless the case has a body of its own. */
    private HttpRequest request(HttpCase c) {
        String query = encode(c.query());
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + host + ":" + port + c.path()
                        + (query.isEmpty() ? "" : "?" + query)))
                .timeout(Duration.ofSeconds(30))
                .header("User-Agent", "Nacos-Java-Client:v1.4.6");
        c.headers().forEach(h -> request.header(h[0], h[1]));
        if (c.body() != null) {
            if (c.contentType() != null) {
                request.header("Content-Type", c.contentType());
            }
            return request.method(c.method(), HttpRequest.BodyPublishers.ofByteArray(c.body())).build();
        }
        String form = encode(c.form());
        return request.header("Content-Type", FORM).method(c.method(), form.isEmpty()
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(form)).build();
    }

    /** One request with the query sent byte for byte as generated, over its own connection. */
    private void judgeRaw(HttpCase c) {
        String line = c.method() + " " + c.path() + (c.rawQuery().isEmpty() ? "" : "?" + c.rawQuery())
                + " HTTP/1.1\r\nHost: " + host + ":" + port
                + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
        try (Socket socket = new Socket(host, port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(line.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            String answer = readAll(socket.getInputStream());
            int space = answer.indexOf(' ');
            int status = space < 0 ? -1 : Integer.parseInt(answer.substring(space + 1, space + 4));
            int split = answer.indexOf("\r\n\r\n");
            judge.judge(c, status, split < 0 ? "" : answer.substring(split + 4));
        } catch (IOException | RuntimeException e) {
            findings.problem("http-raw-failed", e + " <- case " + c.index() + " " + c.describe());
        }
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        in.transferTo(bytes);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static String encode(List<String[]> params) {
        return params.stream().map(p -> URLEncoder.encode(p[0], StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(p[1], StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }
}
