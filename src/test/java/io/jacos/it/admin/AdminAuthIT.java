package io.jacos.it.admin;

import io.jacos.it.support.AdminTokenHttp;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedAuthServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Map;

import static io.jacos.it.support.AdminTokenHttp.json;
import static io.jacos.it.support.AdminTokenHttp.texts;
import static io.jacos.it.support.NamingClients.uniqueName;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin API with auth on: nothing without a valid token, admin operations only for a global admin, a user
 * granted READ in a namespace reads there and nowhere else and cannot write; and the users, roles and
 * permissions endpoints round trip. Users and namespaces are this class's own (unique names).
 */
@ExtendWith(SharedAuthServer.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("Admin API with auth on: refusals, users/roles/permissions")
class AdminAuthIT {

    private static final String SERVER = SharedAuthServer.serverAddr();
    private static final String PASSWORD = "reader-Pass-1234";

    private AdminTokenHttp admin;
    private String namespace;
    private String reader;
    private String role;

    @BeforeAll
    void adminNamespaceAndReader() {
        admin = AdminTokenHttp.login(SERVER, SharedAuthServer.ADMIN_USER, SharedAuthServer.ADMIN_PASSWORD);
        namespace = uniqueName("authns");
        ok(admin.call("POST", "/namespaces", json(Map.of("id", namespace, "name", namespace))), 201);
        reader = uniqueName("reader");
        role = "ROLE_" + reader;
        ok(admin.call("POST", "/users", json(Map.of("username", reader, "password", PASSWORD))), 201);
        ok(admin.call("POST", "/roles", json(Map.of("role", role, "username", reader))), 201);
        ok(admin.call("POST", "/permissions", json(Map.of("role", role, "namespaceId", namespace,
                "actions", List.of("READ")))), 201);
    }

    @Test
    @DisplayName("without a token or with a bad one every admin call is 401 with code 10001, and nothing is written")
    void noOrBadToken() {
        String id = uniqueName("anon");
        AdminTokenHttp anonymous = AdminTokenHttp.anonymous(SERVER);
        AdminTokenHttp forged = AdminTokenHttp.withToken(SERVER, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJuYWNvcyJ9.x");
        for (AdminTokenHttp caller : List.of(anonymous, forged)) {
            for (String path : List.of("/server", "/users", "/services", "/namespaces", "/auth/me")) {
                refused(caller.get(path), 401);
            }
            // No method serves it, so there is nothing to check access to: the same 404 for every caller.
            refused(caller.get("/nothing-here"), 404);
            refused(caller.call("POST", "/namespaces", json(Map.of("id", id, "name", id))), 401);
            refused(caller.call("POST", "/users", json(Map.of("username", id, "password", PASSWORD))), 401);
        }
        refused(anonymous.send("GET", "/server?accessToken=not-a-token", null, Map.of()), 401);
        refused(anonymous.send("GET", "/server", null, Map.of("accessToken", "not-a-token")), 401);
        assertFalse(texts(ok(admin.get("/namespaces"), 200), "id").contains(id), "no namespace was created");
        assertFalse(texts(ok(admin.get("/users"), 200), "username").contains(id), "no user was created");
    }

    @Test
    @DisplayName("the admin's token works as Bearer, accessToken header and accessToken parameter; who-am-I says admin")
    void adminTokenForms() {
        assertEquals(200, admin.send("GET", "/server", null, Map.of("accessToken", admin.token())).status());
        assertEquals(200, admin.send("GET", "/server?accessToken=" + admin.token(), null, Map.of()).status());
        NacosHttp.Answer me = admin.get("/auth/me");
        assertTrue(ok(me, 200).path("authEnabled").asBoolean(), me::toString);
        assertEquals(SharedAuthServer.ADMIN_USER, me.data().path("username").asText());
        assertTrue(me.data().path("globalAdmin").asBoolean());
    }

    @Test
    @DisplayName("a user with READ in one namespace reads there, is refused 403 elsewhere, on writes and admin calls")
    void readOnlyUser() {
        AdminTokenHttp user = AdminTokenHttp.login(SERVER, reader, PASSWORD);
        NacosHttp.Answer me = user.get("/auth/me");
        assertEquals(reader, ok(me, 200).path("username").asText());
        assertFalse(me.data().path("globalAdmin").asBoolean());
        assertEquals("READ", me.data().path("grants").path(namespace).path(0).asText(), me::toString);

        ok(user.get("/services?namespaceId=" + namespace), 200);
        assertEquals(List.of(namespace), texts(ok(user.get("/namespaces"), 200), "id"),
                "the namespace list shows only what the user may read");

        refused(user.get("/services"), 403); // public: not granted
        refused(user.call("PUT", "/services/DEFAULT_GROUP/any?namespaceId=" + namespace,
                json(Map.of("protectThreshold", 0.5))), 403);
        refused(user.call("DELETE", "/services/DEFAULT_GROUP/any?namespaceId=" + namespace, null), 403);
        refused(user.call("PUT", "/services/DEFAULT_GROUP/any/instances?namespaceId=" + namespace + "&ip=1.2.3.4&port=1",
                json(Map.of("enabled", false))), 403);
        for (String path : List.of("/server", "/cluster", "/connections", "/users", "/roles", "/permissions")) {
            refused(user.get(path), 403);
        }
        refused(user.call("POST", "/namespaces", json(Map.of("name", "x"))), 403);
        refused(user.call("DELETE", "/namespaces/" + namespace, null), 403);
        refused(user.call("POST", "/roles", json(Map.of("role", "ROLE_ADMIN", "username", reader))), 403);
        ok(admin.get("/users"), 200).forEach(u -> assertFalse(u.path("username").asText().equals(reader)
                && u.path("globalAdmin").asBoolean(), "the reader did not make itself an admin"));
    }

    @Test
    @DisplayName("users, roles and permissions round trip: create, bind, grant, change password, revoke, unbind, delete")
    void usersRolesPermissionsRoundTrip() {
        String name = uniqueName("rt");
        String rtRole = "ROLE_" + name;
        ok(admin.call("POST", "/users", json(Map.of("username", name, "password", "first-Pass-1"))), 201);
        refused(admin.call("POST", "/users", json(Map.of("username", name, "password", "first-Pass-1"))), 409);
        refused(admin.call("POST", "/users", json(Map.of("username", uniqueName("weak"), "password", "short"))), 400);
        refused(admin.call("POST", "/users", json(Map.of("username", uniqueName("nopw")))), 400);
        assertTrue(texts(ok(admin.get("/users"), 200), "username").contains(name));

        ok(admin.call("POST", "/roles", json(Map.of("role", rtRole, "username", name))), 201);
        refused(admin.call("POST", "/roles", json(Map.of("role", rtRole, "username", uniqueName("ghost")))), 404);
        List<String> bindings = new java.util.ArrayList<>();
        ok(admin.get("/roles"), 200).forEach(b -> bindings.add(b.path("role").asText() + "/" + b.path("username").asText()));
        assertTrue(bindings.contains(rtRole + "/" + name), "the binding is listed: " + bindings);
        ok(admin.call("POST", "/permissions", json(Map.of("role", rtRole, "namespaceId", namespace,
                "actions", List.of("READ", "WRITE")))), 201);
        refused(admin.call("POST", "/permissions", json(Map.of("role", rtRole, "namespaceId", namespace,
                "actions", List.of("DELETE")))), 400);
        List<String> grants = new java.util.ArrayList<>();
        ok(admin.get("/permissions"), 200).forEach(p -> grants.add(p.path("role").asText() + "/"
                + p.path("namespaceId").asText() + "/" + p.path("actions")));
        assertTrue(grants.contains(rtRole + "/" + namespace + "/[\"READ\",\"WRITE\"]"), "the grant is listed: " + grants);

        ok(admin.call("PUT", "/users/" + name + "/password", json(Map.of("password", "second-Pass-2"))), 200);
        refused(AdminTokenHttp.anonymous(SERVER).call("POST", "/auth/login",
                json(Map.of("username", name, "password", "first-Pass-1"))), 403);
        AdminTokenHttp user = AdminTokenHttp.login(SERVER, name, "second-Pass-2");
        ok(user.get("/services?namespaceId=" + namespace), 200);

        ok(admin.call("DELETE", "/permissions?role=" + rtRole + "&namespaceId=" + namespace + "&actions=READ,WRITE",
                null), 200);
        refused(admin.call("DELETE", "/permissions?role=" + rtRole + "&namespaceId=" + namespace + "&actions=READ",
                null), 404);
        ok(admin.call("DELETE", "/roles?role=" + rtRole + "&username=" + name, null), 200);
        refused(admin.call("DELETE", "/roles?role=" + rtRole + "&username=" + name, null), 404);
        ok(admin.call("DELETE", "/users/" + name, null), 200);
        refused(admin.call("DELETE", "/users/" + name, null), 404);
        assertFalse(texts(ok(admin.get("/users"), 200), "username").contains(name));
        refused(user.get("/auth/me"), 401); // the token of a deleted user is no longer valid
    }

    @Test
    @DisplayName("a grant narrower than a namespace (scope group:type/name): granted, listed, used, malformed refused, revoked")
    void scopedPermissionRoundTrip() {
        String name = uniqueName("scoped");
        String scopedRole = "ROLE_" + name;
        String scope = "GRP:naming/orders";
        ok(admin.call("POST", "/users", json(Map.of("username", name, "password", "scoped-Pass-1"))), 201);
        ok(admin.call("POST", "/roles", json(Map.of("role", scopedRole, "username", name))), 201);
        String before = ok(admin.get("/permissions"), 200).toString();
        for (String bad : List.of("GRP:file/x", "GRP", "GRP:naming/", "GRP:naming/a b", "x".repeat(400))) {
            refused(admin.call("POST", "/permissions", json(Map.of("role", scopedRole, "namespaceId", namespace,
                    "scope", bad, "actions", List.of("READ")))), 400);
        }
        assertEquals(before, ok(admin.get("/permissions"), 200).toString(), "a refused grant stores nothing");
        ok(admin.call("POST", "/permissions", json(Map.of("role", scopedRole, "namespaceId", namespace,
                "scope", scope, "actions", List.of("READ")))), 201);
        List<String> grants = new java.util.ArrayList<>();
        ok(admin.get("/permissions"), 200).forEach(p -> grants.add(p.path("role").asText() + "/"
                + p.path("namespaceId").asText() + "/" + p.path("scope").asText() + "/" + p.path("actions")));
        assertTrue(grants.contains(scopedRole + "/" + namespace + "/" + scope + "/[\"READ\"]"), grants::toString);

        AdminTokenHttp user = AdminTokenHttp.login(SERVER, name, "scoped-Pass-1");
        com.fasterxml.jackson.databind.JsonNode me = ok(user.get("/auth/me"), 200);
        assertEquals("READ", me.path("narrowerGrants").path(namespace + ":" + scope).path(0).asText(), me::toString);
        assertTrue(me.path("grants").isEmpty(), me::toString);
        refused(user.get("/services?namespaceId=" + namespace), 403); // a list needs every service of the namespace
        refused(admin.call("DELETE", "/permissions?role=" + scopedRole + "&namespaceId=" + namespace
                + "&actions=READ", null), 404); // the whole-namespace grant is another one
        ok(admin.call("DELETE", "/permissions?role=" + scopedRole + "&namespaceId=" + namespace + "&scope=" + scope
                + "&actions=READ", null), 200);
        assertEquals(before, ok(admin.get("/permissions"), 200).toString());
        ok(admin.call("DELETE", "/users/" + name, null), 200);
    }

    private static com.fasterxml.jackson.databind.JsonNode ok(NacosHttp.Answer answer, int status) {
        assertEquals(status, answer.status(), answer::toString);
        assertEquals(0, answer.json().path("code").asInt(), answer::toString);
        return answer.data();
    }

    private static void refused(NacosHttp.Answer answer, int status) {
        assertEquals(status, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith("application/json"), answer::toString);
        int code = answer.json().path("code").asInt();
        assertTrue(status == 401 || status == 403 ? code == 10001 : code != 0, answer::toString);
        assertFalse(answer.json().path("data").asText().isBlank(), answer::toString);
        assertFalse(answer.body().contains("Exception"), answer::toString);
    }
}
