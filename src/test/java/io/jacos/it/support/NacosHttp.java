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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Raw HTTP calls to the open API as nacos-client 1.4.6 makes them: every parameter in the query string, the form
 * content type on every request (body or not), the 1.4.6 User-Agent, and a form body only where the client sends
 * one (the beat). Answers keep status, content type and body, so tests can check the exact wire form.
 */
public final class NacosHttp {

    public static final String USER_AGENT_1_4_6 = "Nacos-Java-Client:v1.4.6";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String serverAddr;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    public NacosHttp(String serverAddr) {
        this.serverAddr = serverAddr;
    }

    public record Answer(int status, String contentType, String body) {
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + "): " + body, e);
            }
        }

        /** The {@code data} of a v2-envelope answer. */
        public JsonNode data() {
            return json().path("data");
        }

        @Override
        public String toString() {
            return status + " " + contentType + ": " + body;
        }
    }

    public Answer get(String path, Map<String, String> query) {
        return call("GET", path, query, Map.of(), USER_AGENT_1_4_6);
    }

    public Answer call(String method, String path, Map<String, String> query) {
        return call(method, path, query, Map.of(), USER_AGENT_1_4_6);
    }

    public Answer call(String method, String path, Map<String, String> query, Map<String, String> form) {
        return call(method, path, query, form, USER_AGENT_1_4_6);
    }

    public Answer call(String method, String path, Map<String, String> query, Map<String, String> form,
                       String userAgent) {
        return call(method, path, query, form, userAgent, Map.of());
    }

    public Answer call(String method, String path, Map<String, String> query, Map<String, String> form,
                       String userAgent, Map<String, String> headers) {
        String queryString = encode(query);
        String body = encode(form);
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://" + serverAddr + path
                        + (queryString.isEmpty() ? "" : "?" + queryString)))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
                .header("User-Agent", userAgent)
                .method(method, body.isEmpty() ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(builder::header);
        HttpRequest request = builder.build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Creates a namespace named {@code prefix-<random>} through the v1 console API and returns its id. */
    public String createNamespace(String prefix) {
        String id = prefix + "-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        Answer created = call("POST", "/nacos/v1/console/namespaces", Map.of("customNamespaceId", id,
                "namespaceName", id));
        if (created.status() != 200) {
            throw new AssertionError("namespace " + id + " not created: " + created);
        }
        return id;
    }

    /** {@code ip:port} of every host of a {@code /instance/list} answer (v1 body or v2 {@code data}), sorted. */
    public static List<String> endpoints(JsonNode serviceInfo) {
        return hosts(serviceInfo).stream().map(h -> h.path("ip").asText() + ":" + h.path("port").asInt()).sorted()
                .toList();
    }

    public static List<JsonNode> hosts(JsonNode serviceInfo) {
        List<JsonNode> hosts = new ArrayList<>();
        serviceInfo.path("hosts").forEach(hosts::add);
        return hosts;
    }

    private static String encode(Map<String, String> params) {
        return params.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }
}
