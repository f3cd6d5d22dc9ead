package io.jacos.it.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.SharedServer;
import io.jacos.testing.LocalPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server with its 512 MiB heap, storing in PostgreSQL, holds 72 configurations of 8 MiB, more content than its
 * heap, and serves them in one page of the v1 search (every byte right: each item's content hashed as it is read),
 * the v3 list and the admin search, and stays up: a page's rows are read and written a few megabytes at
 * a time. (The embedded H2 store cannot hold that much content in such a heap: see docs/configuration.md.)
 */
@DisplayName("Configuration pages larger than the server's heap")
class ConfigPageMemoryIT {

    private static final int PORT = SharedServer.ownServerPort(24);
    private static final int CONFIGS = 72;
    private static final int SIZE = 8 << 20;
    private static final String GROUP = "BIG_PAGES";

    private static JacosServer server;
    private static LocalPostgres postgres;
    private static final Map<String, String> MD5S = new HashMap<>();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /**
     * Four clients publish at once: the node takes them a budget's
     * worth at a time ({@code jacos.config.large-write-bytes}), a publish that cannot wait for its share is refused
     * with 503 and sent again, and the embedded database, which closes itself when a commit runs out of memory,
     * stays open.
     */
    @BeforeAll
    static void fill() throws Exception {
        postgres = LocalPostgres.start();
        Map<String, String> settings = new HashMap<>(SharedServer.settingsUsed());
        settings.putAll(Map.of("spring.sql.init.platform", "postgresql", "db.url.0",
                postgres.createDatabase("config_pages"), "db.user.0", LocalPostgres.USER,
                "db.password.0", "not-checked-by-trust-auth"));
        server = new JacosServer("config-pages", PORT, settings).start();
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < CONFIGS; i++) {
                int n = i;
                done.add(clients.submit(() -> publish(n)));
            }
            for (Future<?> one : done) {
                one.get(3, TimeUnit.MINUTES);
            }
        } finally {
            clients.shutdownNow();
        }
    }

    private static void publish(int n) {
        String dataId = "big-" + n + "-" + UUID.randomUUID();
        char[] content = new char[SIZE];
        Arrays.fill(content, (char) ('a' + n % 26));
        String text = new String(content);
        List<Integer> answers = new ArrayList<>();
        for (int attempt = 0; attempt < 10 && !answers.contains(200); attempt++) {
            answers.add(post("dataId=" + dataId + "&group=" + GROUP + "&content=" + text));
        }
        assertEquals(200, answers.get(answers.size() - 1), () -> "publish " + dataId + ": " + answers);
        assertTrue(answers.stream().allMatch(status -> status == 200 || status == 503), answers::toString);
        synchronized (MD5S) {
            MD5S.put(dataId, md5(text));
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    @DisplayName("v1 search, v3 list and admin search each give every configuration in one page; v1 byte for byte")
    void onePageOfEverything() throws Exception {
        assertTrue(MD5S.equals(contents("/nacos/v1/cs/configs?search=accurate&dataId=&group=" + GROUP
                + "&pageNo=1&pageSize=100", "pageItems")), "v1: every configuration, its content whole");
        // The v3 list and the admin search show no content, as Nacos 3's list does not; their pages still read it.
        assertEquals(MD5S.keySet(), contents("/nacos/v3/admin/cs/config/list?groupName=" + GROUP
                + "&pageNo=1&pageSize=100", "pageItems").keySet(), "v3");
        assertEquals(MD5S.keySet(), contents("/nacos/admin/configs?group=" + GROUP + "&search=accurate"
                + "&pageSize=100", "items").keySet(), "admin");
        assertEquals(200, HTTP.send(HttpRequest.newBuilder(URI.create("http://" + server.serverAddr()
                        + "/nacos/v1/console/health/readiness")).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode(), "the server is still up");
        assertTrue(server.log().toFile().exists());
        String log = java.nio.file.Files.readString(server.log());
        assertTrue(!log.contains("OutOfMemoryError"), "no OutOfMemoryError in " + server.log());
    }

    /** A v1 publish of a form whose values need no encoding (letters, digits, '-'); its status. */
    private static int post(String form) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://" + server.serverAddr() + "/nacos/v1/cs/configs"))
                    .timeout(Duration.ofMinutes(1)).header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            throw new IllegalStateException("publish failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The data ids of one page's items with the md5 of each item's content (null when it has none), read as the
     * answer streams in, so the test holds one content at a time as well.
     */
    private static Map<String, String> contents(String path, String itemsField) throws Exception {
        HttpResponse<InputStream> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://"
                + server.serverAddr() + path)).timeout(Duration.ofMinutes(3)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode(), path);
        Map<String, String> found = new HashMap<>();
        try (InputStream body = response.body(); JsonParser json = new JsonFactory().createParser(body)) {
            while (json.nextToken() != null) {
                if (json.currentToken() == JsonToken.FIELD_NAME && itemsField.equals(json.currentName())) {
                    json.nextToken();
                    while (json.nextToken() == JsonToken.START_OBJECT) {
                        readItem(json, found);
                    }
                }
            }
        }
        return found;
    }

    private static void readItem(JsonParser json, Map<String, String> found) throws IOException {
        String dataId = null;
        String md5 = null;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            if ("dataId".equals(field)) {
                dataId = json.getText();
            } else if ("content".equals(field) && value == JsonToken.VALUE_STRING) {
                md5 = md5(json.getText());
            } else {
                json.skipChildren();
            }
        }
        found.put(dataId, md5);
    }

    private static String md5(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
