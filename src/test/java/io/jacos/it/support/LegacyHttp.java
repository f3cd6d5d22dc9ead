package io.jacos.it.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Calls the server's HTTP API the way nacos-client 1.4.6 does: every parameter in the query string,
 * form content type, the 1.4.6 User-Agent. For the console and ops endpoints tests use directly.
 */
public final class LegacyHttp {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String serverAddr;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    public LegacyHttp(String serverAddr) {
        this.serverAddr = serverAddr;
    }

    public record Answer(int status, String body) {
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + "): " + body, e);
            }
        }
    }

    public Answer call(String method, String path, Map<String, String> params) {
        String query = params.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + serverAddr + path + (query.isEmpty() ? "" : "?" + query)))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
                .header("User-Agent", "Nacos-Java-Client:v1.4.6")
                .method(method, HttpRequest.BodyPublishers.noBody())
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Pushes the subscribers of one channel ({@code udp}, {@code grpc}) acknowledged so far. */
    public long acknowledgedPushes(String channel) {
        Answer answer = call("GET", "/nacos/v1/ns/operator/push/state", Map.of());
        if (answer.status() != 200) {
            throw new AssertionError("push/state answered " + answer.status() + ": " + answer.body());
        }
        return answer.json().path("channels").path(channel).path("succeed").asLong();
    }
}
