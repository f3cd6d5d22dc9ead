package io.jacos.it.admin;

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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Calls to {@code /nacos/admin} as the console makes them: JSON bodies, answers in the v2 envelope. */
final class AdminHttp {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String base;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    AdminHttp(String serverAddr) {
        this.base = "http://" + serverAddr + "/nacos/admin";
    }

    record Answer(int status, String contentType, String body) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + "): " + body, e);
            }
        }

        /** The payload of a success. */
        JsonNode data() {
            assertTrue(status == 200 || status == 201, this::toString);
            assertEquals(0, json().path("code").asInt(), this::toString);
            return json().path("data");
        }

        /** Asserts a refusal: the status, the v2 code, and a detail sentence, all in JSON. */
        Answer refused(int expectedStatus, int expectedCode) {
            assertEquals(expectedStatus, status, this::toString);
            assertTrue(contentType.startsWith("application/json"), this::toString);
            assertEquals(expectedCode, json().path("code").asInt(), this::toString);
            assertFalse(json().path("message").asText().isBlank(), this::toString);
            assertFalse(json().path("data").asText().isBlank(), this::toString);
            assertFalse(body.contains("Exception"), this::toString);
            return this;
        }

        @Override
        public String toString() {
            return status + " " + contentType + ": " + body;
        }
    }

    Answer get(String path, Map<String, String> query) {
        return call("GET", path, query, null);
    }

    Answer call(String method, String path, Map<String, String> query, String body) {
        String q = query.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path + (q.isEmpty() ? "" : "?" + q)))
                .timeout(Duration.ofSeconds(15))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static String path(String group, String service) {
        return "/services/" + URLEncoder.encode(group, StandardCharsets.UTF_8) + "/"
                + URLEncoder.encode(service, StandardCharsets.UTF_8);
    }
}
