package io.jacos.it.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * Calls to {@code /nacos/admin} of a server with auth on, as a logged-in user: JSON bodies, the token sent as
 * {@code Authorization: Bearer} (or none, for an anonymous caller).
 */
public final class AdminTokenHttp {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String serverAddr;
    private final String token;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private AdminTokenHttp(String serverAddr, String token) {
        this.serverAddr = serverAddr;
        this.token = token;
    }

    /** No token at all. */
    public static AdminTokenHttp anonymous(String serverAddr) {
        return new AdminTokenHttp(serverAddr, null);
    }

    public static AdminTokenHttp withToken(String serverAddr, String token) {
        return new AdminTokenHttp(serverAddr, token);
    }

    /** Logs in through {@code POST /nacos/admin/auth/login}; fails the test when the login is refused. */
    public static AdminTokenHttp login(String serverAddr, String username, String password) {
        NacosHttp.Answer answer = anonymous(serverAddr).call("POST", "/auth/login", json(Map.of("username", username,
                "password", password)));
        if (answer.status() != 200) {
            throw new AssertionError("login of " + username + " refused: " + answer);
        }
        return withToken(serverAddr, answer.json().path("data").path("accessToken").asText());
    }

    public String token() {
        return token;
    }

    public NacosHttp.Answer get(String adminPath) {
        return call("GET", adminPath, null);
    }

    /** @param adminPath the path under {@code /nacos/admin}, query included */
    public NacosHttp.Answer call(String method, String adminPath, String jsonBody) {
        return send(method, adminPath, jsonBody, token == null ? Map.of() : Map.of("Authorization", "Bearer " + token));
    }

    public NacosHttp.Answer send(String method, String adminPath, String jsonBody, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + serverAddr + "/nacos/admin"
                        + adminPath)).timeout(Duration.ofSeconds(15)).header("Accept", "application/json")
                .method(method, jsonBody == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(jsonBody));
        if (jsonBody != null) {
            request.header("Content-Type", "application/json");
        }
        headers.forEach(request::header);
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new NacosHttp.Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + adminPath + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    public static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The {@code data} of every element of a list answer, as the given field's text. */
    public static java.util.List<String> texts(JsonNode list, String field) {
        java.util.List<String> values = new java.util.ArrayList<>();
        list.forEach(node -> values.add(node.path(field).asText()));
        return values;
    }
}
