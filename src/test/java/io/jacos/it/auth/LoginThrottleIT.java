package io.jacos.it.auth;

import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SharedAuthServer;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With auth on and the default login throttle (10 failed or running attempts per address and per user name), on a
 * server of its own: concurrent wrong logins beyond the limit get 429 without a password check, good logins of one
 * user do not wipe out guesses made from the same address for another, a login flood leaves other requests served,
 * a password change ends the tokens issued before it, and a namespace made again with a deleted one's id grants
 * nothing the old one did. The two tests that spend an address's attempts run last, from addresses of their own
 * (127.0.0.2 and 127.0.0.1: a socket bound to another loopback address), so neither waits out the other's window.
 */
@RunsBeside
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@DisplayName("Auth: login throttle, check slots, password change and namespace grants (own server)")
class LoginThrottleIT {

    private static final int PORT = SharedServer.HTTP_PORT + 5200;
    private static final int MAX_FAILURES = 10;
    private static final Duration FLOOD_TIME = Duration.ofSeconds(8);
    private static final int FLOOD_MAX_LOGINS = 3000;
    private static final int FLOOD_THREADS = 12;

    private static JacosServer server;
    private static NacosHttp http;
    private static AuthUsers admin;

    @BeforeAll
    static void start() {
        Map<String, String> settings = new HashMap<>(SharedAuthServer.settingsUsed());
        settings.remove("jacos.auth.login.max-failures");
        server = new JacosServer("auth-throttle", PORT, settings).start();
        http = new NacosHttp(server.serverAddr());
        admin = new AuthUsers(server.serverAddr(), SharedAuthServer.ADMIN_USER, SharedAuthServer.ADMIN_PASSWORD);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    @Order(1)
    @DisplayName("a token issued before a password change is refused; a login with the new password works")
    void passwordChangeEndsEarlierTokens() {
        admin.createUser("pw-change", "pw-change-old-1", "public", "r");
        String before = AuthUsers.login(http, "pw-change", "pw-change-old-1");
        assertEquals(200, list(before, "public").status());

        NacosHttp.Answer changed = http.call("PUT", "/nacos/v1/auth/users", Map.of("username", "pw-change",
                "newPassword", "pw-change-new-2", "accessToken", admin.adminToken()));
        assertEquals(200, changed.status(), changed.toString());

        assertEquals(403, list(before, "public").status());
        assertEquals(200, list(AuthUsers.login(http, "pw-change", "pw-change-new-2"), "public").status());
    }

    @Test
    @Order(2)
    @DisplayName("a namespace deleted and made again with the same id grants its old reader nothing")
    void recreatedNamespaceKeepsNoGrants() {
        String namespace = admin.createNamespace("reborn");
        admin.createUser("ns-reader", "ns-reader-pass-1", namespace, "r");
        String token = AuthUsers.login(http, "ns-reader", "ns-reader-pass-1");
        assertEquals(200, list(token, namespace).status());

        NacosHttp.Answer deleted = http.call("DELETE", "/nacos/v1/console/namespaces",
                Map.of("namespaceId", namespace, "accessToken", admin.adminToken()));
        assertEquals(200, deleted.status(), deleted.toString());
        NacosHttp.Answer created = http.call("POST", "/nacos/v1/console/namespaces", Map.of("customNamespaceId",
                namespace, "namespaceName", namespace, "accessToken", admin.adminToken()));
        assertEquals(200, created.status(), created.toString());

        assertEquals(200, list(admin.adminToken(), namespace).status(), "the namespace exists again");
        assertEquals(403, list(token, namespace).status(), "the token from before");
        assertEquals(403, list(AuthUsers.login(http, "ns-reader", "ns-reader-pass-1"), namespace).status(),
                "a fresh login");
    }

    @Test
    @Order(3)
    @DisplayName("while logins flood the server, readiness and an authorized instance list stay answered")
    void floodLeavesOtherRequestsServed() throws Exception {
        admin.createUser("flooder", "flooder-pass-1", "public", "r");
        NacosHttp probes = new NacosHttp(server.serverAddr());
        Latencies before = Latencies.measure(probes, admin.adminToken(), 40, () -> false);

        AtomicInteger logins = new AtomicInteger();
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        long floodStart = System.nanoTime();
        long deadline = floodStart + FLOOD_TIME.toNanos();
        ExecutorService flood = Executors.newFixedThreadPool(FLOOD_THREADS);
        List<Future<?>> flooders = new ArrayList<>();
        for (int i = 0; i < FLOOD_THREADS; i++) {
            flooders.add(flood.submit(() -> {
                NacosHttp own = new NacosHttp(server.serverAddr());
                while (System.nanoTime() < deadline && logins.incrementAndGet() <= FLOOD_MAX_LOGINS) {
                    int status = own.call("POST", "/nacos/v1/auth/users/login", Map.of("username", "flooder"),
                            Map.of("password", "flooder-pass-1")).status();
                    statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
                }
            }));
        }
        Latencies during;
        try {
            during = Latencies.measure(probes, admin.adminToken(), Integer.MAX_VALUE,
                    () -> flooders.stream().allMatch(Future::isDone));
            for (Future<?> flooder : flooders) {
                flooder.get(60, TimeUnit.SECONDS);
            }
        } finally {
            flood.shutdownNow();
        }
        long floodMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - floodStart);

        System.out.println("LoginThrottleIT flood: login answers " + statuses + " in " + floodMillis + " ms from "
                + FLOOD_THREADS + " threads; readiness p50/p99/max before " + before.readiness() + ", during "
                + during.readiness() + "; instance list before " + before.list() + ", during " + during.list());
        assertTrue(statuses.getOrDefault(200, new AtomicInteger()).get() > 0, "the flood's logins were checked: "
                + statuses);
        assertEquals(Collections.emptyList(), during.failures(), "answers other than 200 during the flood");
        assertTrue(during.count() >= 10, "requests measured during the flood: " + during.count());
        assertTrue(during.maxMillis() < 5000, "slowest request during the flood: " + during.maxMillis() + " ms");
    }

    @Test
    @Order(4)
    @DisplayName("30 concurrent wrong logins from 127.0.0.2: at most 10 are checked (403), the rest get 429")
    void concurrentWrongLoginsBeyondTheLimitAreRefusedUnchecked() throws Exception {
        int attempts = 30;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(attempts);
        List<Future<Integer>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < attempts; i++) {
                answers.add(pool.submit(() -> {
                    go.await(30, TimeUnit.SECONDS);
                    return loginFrom("127.0.0.2", "guessed-user", "wrong-password");
                }));
            }
            go.countDown();
            Map<Integer, Integer> counts = new HashMap<>();
            for (Future<Integer> answer : answers) {
                counts.merge(answer.get(60, TimeUnit.SECONDS), 1, Integer::sum);
            }
            System.out.println("LoginThrottleIT 30 concurrent wrong logins: " + counts);
            int checked = counts.getOrDefault(403, 0);
            assertTrue(checked >= 1 && checked <= MAX_FAILURES, "answered 403 (checked): " + counts);
            assertEquals(attempts - checked, counts.getOrDefault(429, 0), "every other attempt 429: " + counts);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @Order(5)
    @DisplayName("wrong guesses for nacos between good logins of another user from the same address still hit 429")
    void goodLoginsOfAnotherUserDoNotClearTheAddress() {
        admin.createUser("alice-throttle", "alice-pass-123", "public", "r");
        for (int i = 0; i < MAX_FAILURES; i++) {
            assertEquals(403, login(SharedAuthServer.ADMIN_USER, "not-the-password").status(), "guess " + i);
            if (i < MAX_FAILURES - 1) {
                assertEquals(200, login("alice-throttle", "alice-pass-123").status(), "good login " + i);
            }
        }
        assertEquals(429, login("alice-throttle", "alice-pass-123").status());
    }

    private static NacosHttp.Answer login(String username, String password) {
        return http.call("POST", "/nacos/v1/auth/users/login", Map.of("username", username),
                Map.of("password", password));
    }

    private static NacosHttp.Answer list(String token, String namespace) {
        return http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", "throttle-probe-service",
                "namespaceId", namespace, "accessToken", token));
    }

    /**
     * A login over a socket bound to {@code localAddress}, another loopback address, so the server counts it for that
     * address; the answer's status.
     */
    private static int loginFrom(String localAddress, String username, String password) throws IOException {
        String form = "username=" + username + "&password=" + password;
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(localAddress, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", PORT), 5000);
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /nacos/v1/auth/users/login HTTP/1.1\r\nHost: 127.0.0.1:" + PORT + "\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + form.length()
                    + "\r\nConnection: close\r\n\r\n" + form).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String statusLine = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
            return Integer.parseInt(statusLine.split(" ")[1]);
        }
    }
}
