package io.jacos.it.auth;

import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedAuthServer;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A first start with auth on and no initial admin password refuses to serve: readiness reports DOWN naming the
 * setting and its environment variable, the log says so, and a login is refused, within a bounded time. (That the
 * setting makes a start succeed is what every start of {@link SharedAuthServer} shows; that two installations never
 * share a token key is shown without a second start, in {@code LoginAndBootstrapTest} and here: the shared
 * server's token is refused by this server.)
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: startup refusal without an initial admin password")
class AuthStartupIT {

    private static final int PORT = SharedServer.HTTP_PORT + 5100;

    @Test
    @DisplayName("no admin and no password: readiness DOWN with the reason, logins and requests refused")
    void refusesWithoutAPassword() throws Exception {
        Map<String, String> settings = new HashMap<>(SharedAuthServer.settingsUsed());
        settings.remove("nacos.core.auth.admin.password");
        try (JacosServer refused = new JacosServer("auth-refused", PORT, settings).launch()) {
            HttpClient client = HttpClient.newHttpClient();
            HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + "/health/ready"))
                    .timeout(Duration.ofSeconds(5)).build();
            await("readiness names the refusal").atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions().until(() -> {
                        HttpResponse<String> answer = client.send(ready, HttpResponse.BodyHandlers.ofString());
                        return answer.statusCode() == 503 && answer.body().contains("NACOS_CORE_AUTH_ADMIN_PASSWORD");
                    });
            String log = Files.readString(refused.log(), StandardCharsets.UTF_8);
            assertTrue(log.contains("REFUSING TO SERVE") && log.contains("nacos.core.auth.admin.password"), log);
            NacosHttp http = new NacosHttp("127.0.0.1:" + PORT);
            // Readiness answers while the web module still deploys: wait for the login to be served, and refused.
            await("login refused").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() ->
                    http.call("POST", "/nacos/v1/auth/users/login", Map.of("username", "nacos"),
                            Map.of("password", SharedAuthServer.ADMIN_PASSWORD)).status() == 403);
            String sharedToken = AuthUsers.login(new NacosHttp(SharedAuthServer.serverAddr()),
                    SharedAuthServer.ADMIN_USER, SharedAuthServer.ADMIN_PASSWORD);
            assertEquals(403, http.get("/nacos/v1/ns/instance/list", with(Map.of("serviceName", "key-check"),
                    sharedToken)).status());
        }
    }

    private static Map<String, String> with(Map<String, String> query, String token) {
        Map<String, String> all = new HashMap<>(query);
        all.put("accessToken", token);
        return all;
    }
}
