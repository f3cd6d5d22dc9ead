package io.jacos.it.spring;

import io.jacos.it.support.SharedServer;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shop application's configurations on the shared server: published over v1, edited as the console edits. */
final class ShopConfigs {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private ShopConfigs() {
    }

    static void publish(String dataId, String group, String content) throws IOException, InterruptedException {
        String form = "dataId=" + encode(dataId) + "&group=" + encode(group) + "&content=" + encode(content)
                + "&type=properties";
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(
                        URI.create("http://" + SharedServer.serverAddr() + "/nacos/v1/cs/configs"))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        assertTrue(Boolean.parseBoolean(answer.body()), answer.body());
    }

    /** {@code PUT /nacos/admin/configs/DEFAULT_GROUP/{dataId}}, the console's edit. */
    static void editAsTheConsoleDoes(String dataId, String content) throws IOException, InterruptedException {
        String body = "{\"content\":\"" + content.replace("\n", "\\n") + "\",\"type\":\"properties\"}";
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create("http://"
                        + SharedServer.serverAddr() + "/nacos/admin/configs/DEFAULT_GROUP/" + encode(dataId)))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
