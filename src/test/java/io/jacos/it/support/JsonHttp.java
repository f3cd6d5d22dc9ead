package io.jacos.it.support;


import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** JSON calls to any path of a server (full paths, from {@code /nacos} or {@code /openapi}): JSON bodies in, answers as text and JSON. */
public final class JsonHttp {

    private final String serverAddr;
    private final String token;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    public JsonHttp(String serverAddr) {
        this(serverAddr, null);
    }

    /** Calls carrying the token as {@code Authorization: Bearer} (a server with auth on), or none when null. */
    public JsonHttp(String serverAddr, String token) {
        this.serverAddr = serverAddr;
        this.token = token;
    }

    public NacosHttp.Answer get(String path) {
        return call("GET", path, null);
    }

    public NacosHttp.Answer post(String path, String jsonBody) {
        return call("POST", path, jsonBody);
    }

    public NacosHttp.Answer call(String method, String path, String jsonBody) {
        return call(method, path, jsonBody, java.util.Map.of());
    }

    /** With extra request headers. */
    public NacosHttp.Answer call(String method, String path, String jsonBody, java.util.Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + serverAddr + path))
                .timeout(Duration.ofSeconds(15)).header("Accept", "application/json")
                .method(method, jsonBody == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(jsonBody));
        if (jsonBody != null) {
            request.header("Content-Type", "application/json");
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        headers.forEach(request::header);
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new NacosHttp.Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.body());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
