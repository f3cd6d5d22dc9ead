package io.jacos.it.auth;

import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedAuthServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The open HTTP APIs with auth on, called raw: anonymous and bad-token calls are refused (v1 403 text, v2 403 with
 * code 10001), the login paths answer what the clients read, Prometheus SD takes Basic credentials, health stays
 * open. After the class, the server's log holds neither the admin password nor any token issued here.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: raw HTTP v1/v2, login, Prometheus SD, log hygiene")
class AuthHttpIT {

    private static final List<String> ISSUED = new ArrayList<>();
    private static Path log;
    private final NacosHttp http = new NacosHttp(SharedAuthServer.serverAddr());

    /** The shared server's log, found through the extension context the JUnit callbacks get. */
    @RegisterExtension
    static final BeforeAllCallback FIND_LOG = context -> log = SharedAuthServer.server(context).log();

    private String adminToken() {
        String token = AuthUsers.login(http, SharedAuthServer.ADMIN_USER, SharedAuthServer.ADMIN_PASSWORD);
        ISSUED.add(token);
        return token;
    }

    @Test
    @DisplayName("anonymous and bad-token calls to v1 and v2 are refused; a good token passes")
    void anonymousAndBadTokensAreRefused() {
        String service = NamingClients.uniqueName("auth-http");
        Map<String, String> register = Map.of("serviceName", service, "ip", "127.0.0.71", "port", "7100");
        for (String token : new String[]{null, "bad.token.here", adminToken() + "x"}) {
            Map<String, String> query = new java.util.HashMap<>(register);
            if (token != null) {
                query.put("accessToken", token);
            }
            NacosHttp.Answer v1 = http.call("POST", "/nacos/v1/ns/instance", query);
            assertEquals(403, v1.status(), v1.toString());
            assertTrue(v1.contentType().startsWith("text/plain"), v1.toString());
            NacosHttp.Answer v2 = http.call("POST", "/nacos/v2/ns/instance", query);
            assertEquals(403, v2.status(), v2.toString());
            assertEquals(10001, v2.json().get("code").asInt(), v2.toString());
            assertEquals(403, http.get("/nacos/v1/ns/instance/list", query).status());
            assertEquals(403, http.get("/nacos/v2/ns/instance/list", query).status());
            assertEquals(403, http.call("POST", "/nacos/v1/console/namespaces",
                    Map.of("customNamespaceId", "auth-http-ns", "namespaceName", "auth-http-ns")).status());
        }
        String token = adminToken();
        assertEquals(List.of(), NacosHttp.endpoints(http.get("/nacos/v1/ns/instance/list",
                Map.of("serviceName", service, "accessToken", token)).json()));
        // The token in the form body, as some tools send it, works too; the API still reads the whole form.
        NacosHttp.Answer registered = http.call("POST", "/nacos/v1/ns/instance", Map.of(),
                Map.of("serviceName", service, "ip", "127.0.0.71", "port", "7100", "ephemeral", "false",
                        "accessToken", token));
        assertEquals(200, registered.status(), registered.toString());
        assertEquals(List.of("127.0.0.71:7100"), NacosHttp.endpoints(http.get("/nacos/v1/ns/instance/list",
                Map.of("serviceName", service, "accessToken", token)).json()));
        assertEquals(200, http.call("DELETE", "/nacos/v1/ns/instance", Map.of("serviceName", service,
                "ip", "127.0.0.71", "port", "7100", "ephemeral", "false", "accessToken", token)).status());
    }

    @Test
    @DisplayName("every login path answers accessToken, tokenTtl and globalAdmin; wrong credentials get 403")
    void loginPaths() {
        for (String path : List.of("/nacos/v1/auth/users/login", "/nacos/v1/auth/login", "/nacos/v3/auth/user/login")) {
            NacosHttp.Answer ok = http.call("POST", path, Map.of(), Map.of("username", SharedAuthServer.ADMIN_USER,
                    "password", SharedAuthServer.ADMIN_PASSWORD));
            assertEquals(200, ok.status(), path + " " + ok);
            ISSUED.add(ok.json().get("accessToken").asText());
            assertEquals(18000, ok.json().get("tokenTtl").asLong());
            assertTrue(ok.json().get("globalAdmin").asBoolean());
            NacosHttp.Answer wrong = http.call("POST", path, Map.of("username", SharedAuthServer.ADMIN_USER),
                    Map.of("password", "wrong-password"));
            assertEquals(403, wrong.status(), path + " " + wrong);
            assertFalse(wrong.body().contains("wrong-password"));
        }
    }

    @Test
    @DisplayName("Prometheus SD needs credentials (Basic or token); health and readiness stay open")
    void prometheusAndHealth() throws Exception {
        assertEquals(403, http.get("/nacos/prometheus", Map.of()).status());
        assertEquals(403, http.get("/nacos/prometheus/namespaceId/public", Map.of()).status());
        assertEquals(200, http.get("/nacos/prometheus", Map.of("accessToken", adminToken())).status());
        String basic = Base64.getEncoder().encodeToString((SharedAuthServer.ADMIN_USER + ":"
                + SharedAuthServer.ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> sd = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://"
                        + SharedAuthServer.serverAddr() + "/nacos/prometheus")).header("Authorization", "Basic " + basic)
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, sd.statusCode(), sd.body());
        assertEquals(200, http.get("/nacos/v1/console/health/readiness", Map.of()).status());
        assertEquals(200, http.get("/nacos/v1/console/health/liveness", Map.of()).status());
    }

    @Test
    @DisplayName("the server state, open without a token, says auth is on and the login page is too")
    void serverStateSaysAuthIsOn() {
        NacosHttp.Answer state = http.get("/nacos/v1/console/server/state", Map.of());
        assertEquals(200, state.status(), state::toString);
        assertEquals("true", state.json().path("auth_enabled").asText(), state::toString);
        assertEquals("true", state.json().path("login_page_enabled").asText(), state::toString);
        assertEquals("false", state.json().path("auth_admin_request").asText(), state::toString);
    }

    @AfterAll
    static void logHoldsNoSecrets() throws IOException {
        String text = Files.readString(log, StandardCharsets.UTF_8);
        assertFalse(text.contains(SharedAuthServer.ADMIN_PASSWORD), "the admin password is in " + log);
        assertFalse(text.contains("wrong-password"), "a tried password is in " + log);
        for (String token : ISSUED) {
            assertFalse(text.contains(token), "an access token is in " + log);
            // The signature alone would do to forge nothing, but a token prefix shows logging of tokens.
            assertFalse(text.contains(token.substring(token.lastIndexOf('.') + 1)), "a token signature is in " + log);
        }
    }
}
