package io.jacos.it.admin;

import io.jacos.it.support.NacosHttp;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.it.support.JsonHttp;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Calls to {@code /nacos/admin} as the console makes them: JSON bodies, answers in the v2 envelope. */
final class AdminHttp {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String BASE = "/nacos/admin";

    private final JsonHttp http;

    AdminHttp(String serverAddr) {
        this.http = new JsonHttp(serverAddr);
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
        NacosHttp.Answer answer = http.call(method, BASE + path + (q.isEmpty() ? "" : "?" + q), body);
        return new Answer(answer.status(), answer.contentType(), answer.body());
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
