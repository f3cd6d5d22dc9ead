package io.jacos.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.zip.GZIPInputStream;

/**
 * The HTTP v1 naming API as nacos-client 1.4.6 calls it on the wire: every parameter in the query string, the
 * form content type even without a body, its User-Agent and headers, HTTP/1.1 with keep-alive. The benchmark JVM
 * carries nacos-client 2.5.1, which refuses ephemeral instances over HTTP, so the 1.x phases speak it themselves.
 */
final class V1Http {

    static final String NAMESPACE = "public";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

    /** An answer; {@code status} -1 when the call did not complete (the exception's text is the body). */
    record Answer(int status, String body) {

        /** The body as JSON; a missing node when it is not JSON. */
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException | RuntimeException e) {
                return JSON.missingNode();
            }
        }

        boolean ok() {
            return status == 200 && "ok".equals(body.trim());
        }

        /** Status and body, short enough for a log line; an HTML error page shows as its title. */
        @Override
        public String toString() {
            int title = body.indexOf("<title>");
            int titleEnd = body.indexOf("</title>");
            String shown = title >= 0 && titleEnd > title ? "(HTML page: " + body.substring(title + 7, titleEnd) + ")"
                    : body.length() > 200 ? body.substring(0, 200) + "..." : body;
            return "HTTP " + status + " " + shown.replace('\n', ' ');
        }
    }

    private final String serverAddr;
    // One client: its pool keeps one connection per calling thread, as 1.4.6's pooled HTTP client does.
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** The token every call carries as {@code accessToken}, as a 1.4.6 client sends it; null with auth off. */
    private volatile String accessToken;

    V1Http(String serverAddr) {
        this.serverAddr = serverAddr;
    }

    /** Logs in as a 1.4.6 client does ({@code POST /nacos/v1/auth/login}); later calls carry the token. */
    V1Http loggedIn(BenchAuth auth) {
        if (auth == null) {
            return this;
        }
        Answer answer = call("POST", "/nacos/v1/auth/login", new LinkedHashMap<>(),
                "username=" + URLEncoder.encode(auth.username(), StandardCharsets.UTF_8)
                        + "&password=" + URLEncoder.encode(auth.password(), StandardCharsets.UTF_8));
        String token = answer.status() == 200 ? answer.json().path("accessToken").asText("") : "";
        if (token.isEmpty()) {
            throw new IllegalStateException("1.x login as " + auth.username() + " refused: " + answer);
        }
        accessToken = token;
        return this;
    }

    /** The grouped name 1.4.6 sends as {@code serviceName}. */
    static String grouped(String service) {
        return RegistrationPhase.GROUP + "@@" + service;
    }

    /** {@code POST /nacos/v1/ns/instance}, the parameters 1.4.6 sends for an instance without metadata. */
    Answer register(String service, String ip, int port) {
        return register(service, ip, port, true);
    }

    /** The same, for a persistent instance when {@code ephemeral} is false. */
    Answer register(String service, String ip, int port, boolean ephemeral) {
        Map<String, String> q = base(service);
        q.put("groupName", RegistrationPhase.GROUP);
        q.put("clusterName", "DEFAULT");
        q.put("ip", ip);
        q.put("port", Integer.toString(port));
        q.put("weight", "1.0");
        q.put("enable", "true");
        q.put("healthy", "true");
        q.put("ephemeral", Boolean.toString(ephemeral));
        q.put("metadata", "{}");
        return call("POST", "/nacos/v1/ns/instance", q, null);
    }

    /** {@code PUT /nacos/v1/ns/cluster}: the service's DEFAULT cluster is TCP-checked on {@code checkPort}. */
    Answer checkOnPort(String service, int checkPort) {
        Map<String, String> q = base(service);
        q.put("clusterName", "DEFAULT");
        q.put("checkPort", Integer.toString(checkPort));
        q.put("useInstancePort4Check", "false");
        q.put("healthChecker", "{\"type\":\"TCP\"}");
        return call("PUT", "/nacos/v1/ns/cluster", q, null);
    }

    /** {@code DELETE /nacos/v1/ns/instance}; 1.4.6 sends no groupName here. */
    Answer deregister(String service, String ip, int port) {
        return deregister(service, ip, port, true);
    }

    Answer deregister(String service, String ip, int port, boolean ephemeral) {
        Map<String, String> q = base(service);
        q.put("clusterName", "DEFAULT");
        q.put("ip", ip);
        q.put("port", Integer.toString(port));
        q.put("ephemeral", Boolean.toString(ephemeral));
        return call("DELETE", "/nacos/v1/ns/instance", q, null);
    }

    /** {@code PUT /nacos/v1/ns/instance/beat}; {@code full} adds the beat body that a first (not light) beat carries. */
    Answer beat(String service, String ip, int port, boolean full) {
        Map<String, String> q = base(service);
        q.put("clusterName", "DEFAULT");
        q.put("ip", ip);
        q.put("port", Integer.toString(port));
        String body = !full ? null : "beat=" + URLEncoder.encode("{\"port\":" + port + ",\"ip\":\"" + ip
                + "\",\"weight\":1.0,\"serviceName\":\"" + grouped(service) + "\",\"cluster\":\"DEFAULT\","
                + "\"metadata\":{},\"scheduled\":false,\"period\":5000,\"stopped\":false}", StandardCharsets.UTF_8);
        return call("PUT", "/nacos/v1/ns/instance/beat", q, body);
    }

    /** {@code GET /nacos/v1/ns/instance/list}; a {@code udpPort} > 0 subscribes {@code 127.0.0.1:udpPort}. */
    Answer list(String service, int udpPort) {
        Map<String, String> q = base(service);
        q.put("clusters", "");
        q.put("udpPort", Integer.toString(udpPort));
        q.put("clientIP", "127.0.0.1");
        q.put("healthyOnly", "false");
        return call("GET", "/nacos/v1/ns/instance/list", q, null);
    }

    Answer get(String path) {
        return call("GET", path, new LinkedHashMap<>(), null);
    }

    private static Map<String, String> base(String service) {
        Map<String, String> q = new LinkedHashMap<>();
        q.put("app", "unknown");
        q.put("serviceName", grouped(service));
        q.put("namespaceId", NAMESPACE);
        return q;
    }

    private Answer call(String method, String path, Map<String, String> query, String formBody) {
        StringBuilder uri = new StringBuilder("http://").append(serverAddr).append(path);
        String token = accessToken;
        if (token != null) {
            query = new LinkedHashMap<>(query);
            query.put("accessToken", token);
        }
        char sep = path.indexOf('?') < 0 ? '?' : '&';
        for (Map.Entry<String, String> p : query.entrySet()) {
            uri.append(sep).append(p.getKey()).append('=').append(URLEncoder.encode(p.getValue(), StandardCharsets.UTF_8));
            sep = '&';
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create(uri.toString()))
                .timeout(CALL_TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
                .header("User-Agent", "Nacos-Java-Client:v1.4.6")
                .header("Client-Version", "1.4.6")
                .header("Request-Module", "Naming")
                .header("RequestId", UUID.randomUUID().toString())
                .header("Accept-Encoding", "gzip,deflate,sdch")
                .method(method, formBody == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(formBody, StandardCharsets.UTF_8))
                .build();
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            boolean gzipped = response.headers().firstValue("Content-Encoding").orElse("").contains("gzip");
            return new Answer(response.statusCode(), text(response.body(), gzipped));
        } catch (IOException e) {
            return new Answer(-1, method + " " + path + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(-1, method + " " + path + ": interrupted");
        }
    }

    /** The body as text; gunzipped when the server compressed it (1.4.6 says it accepts gzip). */
    static String text(byte[] bytes, boolean gzipped) throws IOException {
        if (!gzipped) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
