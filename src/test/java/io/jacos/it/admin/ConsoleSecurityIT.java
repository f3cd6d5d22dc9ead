package io.jacos.it.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The admin API and console pages carry security headers, and a write from another site's page is refused. */
@ExtendWith(SharedServer.class)
@DisplayName("Console and admin API: security headers, cross-site writes refused")
class ConsoleSecurityIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String base = "http://" + SharedServer.serverAddr();

    @Test
    @DisplayName("the console's pages and the admin API answer with nosniff, no framing, no referrer and a content policy")
    void headers() throws Exception {
        for (String path : List.of("/nacos/", "/nacos/index.html", "/nacos/console/app.js", "/nacos/admin/server")) {
            HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(base + path)).GET());
            assertEquals(200, answer.statusCode(), path);
            assertEquals("nosniff", header(answer, "X-Content-Type-Options"), path);
            assertEquals("DENY", header(answer, "X-Frame-Options"), path);
            assertEquals("no-referrer", header(answer, "Referrer-Policy"), path);
            assertTrue(header(answer, "Content-Security-Policy").contains("frame-ancestors 'none'"), path);
        }
        assertEquals("no-store", header(send(HttpRequest.newBuilder(URI.create(base + "/nacos/admin/server")).GET()),
                "Cache-Control"));
    }

    @Test
    @DisplayName("a namespace create sent by another site's page is refused with 403 and the namespace is not made")
    void crossSiteWrite() throws Exception {
        String id = "xsite-" + UUID.randomUUID().toString().substring(0, 8);
        String body = "{\"id\":\"" + id + "\",\"name\":\"" + id + "\"}";

        HttpResponse<String> fromEvil = send(create(body).header("Origin", "https://evil.example"));
        assertEquals(403, fromEvil.statusCode(), fromEvil::body);
        JsonNode refusal = JSON.readTree(fromEvil.body());
        assertEquals(10001, refusal.path("code").asInt(), fromEvil::body);
        assertFalse(refusal.path("data").asText().isBlank());
        HttpResponse<String> fetchedCrossSite = send(create(body).header("Sec-Fetch-Site", "cross-site"));
        assertEquals(403, fetchedCrossSite.statusCode(), fetchedCrossSite::body);
        assertFalse(namespaces().contains(id), "nothing was created");

        HttpResponse<String> sameOrigin = send(create(body).header("Origin", base)
                .header("Sec-Fetch-Site", "same-origin"));
        assertEquals(201, sameOrigin.statusCode(), sameOrigin::body);
        assertTrue(namespaces().contains(id));
        assertEquals(200, send(HttpRequest.newBuilder(URI.create(base + "/nacos/admin/namespaces/" + id))
                .DELETE()).statusCode(), "a script without browser headers may write");
    }

    private HttpRequest.Builder create(String body) {
        return HttpRequest.newBuilder(URI.create(base + "/nacos/admin/namespaces"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private List<String> namespaces() {
        List<String> ids = new java.util.ArrayList<>();
        new JsonHttp(SharedServer.serverAddr()).get("/nacos/admin/namespaces").data()
                .forEach(n -> ids.add(n.path("id").asText()));
        return ids;
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String header(HttpResponse<String> answer, String name) {
        return answer.headers().firstValue(name).orElse("");
    }
}
