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
 * Sends the HTTP cases, a bounded number in flight (raw, undecodable queries over a plain socket, since no
 * HTTP client sends those), and judges every answer: a refusal (4xx, or 503 over a limit) for every write, a
 * 200 or a refusal for a read, never a 500, and no leak in the body.
 */
final class HttpRun {

    private static final int IN_FLIGHT = 16;

    private final HttpFuzz fuzz;
    private final String host;
    private final int port;
    private final Findings findings;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    HttpRun(HttpFuzz fuzz, int port, Findings findings) {
        this.fuzz = fuzz;
        this.host = "127.0.0.1";
        this.port = port;
        this.findings = findings;
    }

    void run(long from, long count) throws InterruptedException {
        Semaphore slots = new Semaphore(IN_FLIGHT);
        for (long i = from; i < from + count; i++) {
            HttpFuzz.Case c = fuzz.generate(i);
            if (c.rawQuery() != null) {
                judgeRaw(c);
                continue;
            }
            String query = encode(c.query());
            String body = encode(c.form());
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + host + ":" + port + c.path()
                            + (query.isEmpty() ? "" : "?" + query)))
                    .timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
                    .header("User-Agent", "Nacos-Java-Client:v1.4.6")
                    .method(c.method(), body.isEmpty() ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(body))
                    .build();
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
                        judge(c, answer.statusCode(), answer.body());
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

    private void judge(HttpFuzz.Case c, int status, String body) {
        String where = "case " + c.index() + " [" + c.label() + "] " + c.describe();
        findings.outcome("http " + (c.label().equals("raw path") ? "raw-path " : c.write() ? "write " : "read ")
                + status);
        boolean redirect = status >= 300 && status < 400;
        boolean oddPath = "raw path".equals(c.label());
        // Odd paths and methods may be answered by the container before the application (a redirect to "/nacos/",
        // Payara Micro's HTML error report outside the /nacos context): its HTML is allowed there, but what it
        // says is checked like any answer. Every API answer must be free of HTML.
        Leaks.find(oddPath ? body.replaceAll("<[^>]*>", " ") : body)
                .ifPresent(leak -> findings.problem("http-leak", leak + " <- " + where));
        // Around the API an unknown method is a 501 and a path the container normalizes a redirect.
        boolean refused = (status >= 400 && status < 500) || status == 503
                || (oddPath && (status == 501 || redirect));
        if (status >= 500 && status != 503 && !(oddPath && status == 501)) {
            findings.problem("http-server-error " + status, body + " <- " + where);
        } else if (c.write() && !refused) {
            findings.problem("http-write-accepted " + status, body + " <- " + where);
        } else if (!c.write() && !refused && status != 200) {
            findings.problem("http-odd-status " + status, body + " <- " + where);
        }
    }

    /** One request with the query sent byte for byte as generated, over its own connection. */
    private void judgeRaw(HttpFuzz.Case c) {
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
            judge(c, status, split < 0 ? "" : answer.substring(split + 4));
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
