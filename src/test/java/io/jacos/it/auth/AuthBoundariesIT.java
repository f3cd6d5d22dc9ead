package io.jacos.it.auth;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RawHttp;
import io.jacos.it.support.SharedAuthServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The smaller promises of auth on, each at its boundary: the namespace list shows a user only the namespaces it may
 * read, and a namespace's detail only to who may read it; requests written wrong (a malformed escape in the path, a
 * charset nobody knows) are refused without a stack trace in the log.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: namespace visibility by grant, and no stack traces for malformed requests")
class AuthBoundariesIT {

    private static final String PASSWORD = "bound-Pass-3317";

    private static JacosServer server;
    private static AuthUsers users;
    private static String secret;
    private static String mine;
    private static String bobToken;
    private final NacosHttp http = new NacosHttp(SharedAuthServer.serverAddr());

    @RegisterExtension
    static final BeforeAllCallback SERVER = context -> server = SharedAuthServer.server(context);

    @BeforeAll
    static void setUp() {
        users = new AuthUsers(SharedAuthServer.serverAddr(), SharedAuthServer.ADMIN_USER,
                SharedAuthServer.ADMIN_PASSWORD);
        secret = users.createNamespace("bound-secret");
        mine = users.createNamespace("bound-mine");
        String bob = NamingClients.uniqueName("bound-bob");
        users.createUser(bob, PASSWORD, mine, "r");
        bobToken = AuthUsers.login(new NacosHttp(SharedAuthServer.serverAddr()), bob, PASSWORD);
    }

    private List<String> listed(String token) {
        NacosHttp.Answer answer = http.get("/nacos/v1/console/namespaces", Map.of("accessToken", token));
        assertEquals(200, answer.status(), answer.toString());
        List<String> ids = new ArrayList<>();
        for (JsonNode namespace : answer.json().path("data")) {
            ids.add(namespace.path("namespace").asText());
        }
        return ids;
    }

    @Test
    @DisplayName("the namespace list and detail show a user only what its grants let it read")
    void namespacesAreShownByGrant() {
        assertEquals(List.of(mine), listed(bobToken), "neither public nor another namespace");
        List<String> all = listed(users.adminToken());
        assertTrue(all.containsAll(List.of("", mine, secret)), all.toString());

        Map<String, String> detail = Map.of("show", "all", "namespaceId", secret, "accessToken", bobToken);
        assertEquals(403, http.get("/nacos/v1/console/namespaces", detail).status());
        NacosHttp.Answer own = http.get("/nacos/v1/console/namespaces", Map.of("show", "all", "namespaceId", mine,
                "accessToken", bobToken));
        assertEquals(200, own.status(), own.toString());
        assertEquals(mine, own.json().path("namespace").asText());
    }

    @Test
    @DisplayName("a malformed resource is refused and stores nothing; a narrower one is stored as written, not widened")
    void narrowGrantsAreStoredNotWidened() {
        String role = NamingClients.uniqueName("bound-narrow");
        for (String resource : List.of(mine + ":*", mine + ":DEFAULT_GROUP:file/x", mine + ":DEFAULT_GROUP:config/",
                mine + "*:*:*", mine + ":DEFAULT_GROUP:config/a\nb")) {
            NacosHttp.Answer refused = http.call("POST", "/nacos/v1/auth/permissions", Map.of("role", role,
                    "resource", resource, "action", "rw", "accessToken", users.adminToken()));
            assertEquals(400, refused.status(), resource + ": " + refused);
            assertFalse(refused.body().contains("Exception"), refused.body());
        }
        NacosHttp.Answer listed = http.get("/nacos/v1/auth/permissions", Map.of("accessToken", users.adminToken()));
        assertEquals(200, listed.status(), listed.toString());
        assertTrue(listed.body().contains(mine), "the namespace's own grant is listed: " + listed);
        assertFalse(listed.body().contains(role), "nothing granted to " + role + ": " + listed);

        NacosHttp.Answer granted = http.call("POST", "/nacos/v1/auth/permissions", Map.of("role", role,
                "resource", mine + ":DEFAULT_GROUP:config/app.yaml", "action", "r", "accessToken",
                users.adminToken()));
        assertEquals(200, granted.status(), granted.toString());
        listed = http.get("/nacos/v1/auth/permissions", Map.of("accessToken", users.adminToken()));
        assertTrue(listed.body().contains("DEFAULT_GROUP:config/app.yaml"), listed.toString());
        NacosHttp.Answer revoked = http.call("DELETE", "/nacos/v1/auth/permissions", Map.of("role", role,
                "resource", mine + ":DEFAULT_GROUP:config/app.yaml", "action", "r", "accessToken",
                users.adminToken()));
        assertEquals(200, revoked.status(), revoked.toString());
        listed = http.get("/nacos/v1/auth/permissions", Map.of("accessToken", users.adminToken()));
        assertFalse(listed.body().contains(role), "the narrower grant is gone: " + listed);
    }

    @Test
    @DisplayName("a malformed path escape and an unknown charset are refused without a stack trace in the log")
    void malformedRequestsLeaveNoStackTrace() throws Exception {
        long logBefore = Files.size(server.log());
        for (String target : List.of("/nacos/v1/ns/instance/li%zzst", "/nacos/v1/ns/%%3/list",
                "/nacos/admin/cluster/nodes/127.0.0.1:1/drain/.")) {
            RawHttp.Answer answer = RawHttp.send(server.httpPort(), "GET", target, Map.of(), null);
            assertTrue(answer.body().isEmpty() || answer.status() == 400, target + ": " + answer);
        }
        RawHttp.Answer charset = RawHttp.send(server.httpPort(), "POST", "/nacos/v1/ns/instance?serviceName=s&ip="
                        + "127.0.0.95&port=1&accessToken=" + users.adminToken(),
                Map.of("Content-Type", "application/x-www-form-urlencoded; charset=nonexistent"),
                "weight=2".getBytes(StandardCharsets.US_ASCII));
        assertEquals(400, charset.status(), charset.toString());
        assertEquals("Unknown charset 'nonexistent'.", charset.body().trim());
        String log = Files.readString(server.log()).substring((int) logBefore);
        assertFalse(log.contains("SEVERE") || log.contains("\tat "), "a stack trace or SEVERE record: " + log);
    }
}
