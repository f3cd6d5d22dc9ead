package io.jacos.it.config;

import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Map;

/**
 * Plain HTTP calls where the configuration tests need what {@link io.jacos.it.support.NacosHttp} hides: response
 * headers, request headers, and waits longer than its 10 s (a held long poll).
 */
final class ConfigHttp {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private ConfigHttp() {
    }

    static HttpResponse<String> get(String serverAddr, String pathAndQuery) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://" + serverAddr + pathAndQuery))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A form POST with extra headers, waiting at most 60 s for the answer. */
    static HttpResponse<String> post(String serverAddr, String path, String form, Map<String, String> headers)
            throws IOException, InterruptedException {
        return HTTP.send(postRequest(serverAddr, path, form, headers), HttpResponse.BodyHandlers.ofString());
    }

    static HttpRequest postRequest(String serverAddr, String path, String form, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + serverAddr + path))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        headers.forEach(request::header);
        return request.build();
    }

    static HttpClient client() {
        return HTTP;
    }

    static String md5(String content) {
        try {
            return String.format("%032x", new BigInteger(1, MessageDigest.getInstance("MD5")
                    .digest(content.getBytes(StandardCharsets.UTF_8))));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
