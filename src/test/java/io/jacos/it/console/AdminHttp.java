package io.jacos.it.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The admin API as the tests call it to set up and to check what the console showed: JSON in, envelope out. */
final class AdminHttp {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String base;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    AdminHttp(String serverAddr) {
        this.base = "http://" + serverAddr + "/nacos/admin";
    }

    record Answer(int status, JsonNode body) {
        JsonNode data() {
            return body.path("data");
        }
    }

    Answer get(String path) {
        return send("GET", path, null);
    }

    Answer post(String path, Object body) {
        return send("POST", path, body);
    }

    Answer send(String method, String path, Object body) {
        try {
            HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body));
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json").header("Accept", "application/json")
                    .method(method, publisher).build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            JsonNode json;
            try {
                json = JSON.readTree(response.body());
            } catch (IOException e) {
                throw new AssertionError(method + " " + path + " did not answer JSON (" + response.statusCode() + "): "
                        + response.body(), e);
            }
            return new Answer(response.statusCode(), json);
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
