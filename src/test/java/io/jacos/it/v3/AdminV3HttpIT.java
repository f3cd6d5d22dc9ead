package io.jacos.it.v3;

import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedAuthServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The v3 naming, core and listener admin routes called raw with auth on: who may call them, and bad input answered
 * in Nacos 3's envelope (HTTP status, code, short text, detail) with no stack trace.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("v3 naming and core admin routes over raw HTTP: access, bad input")
class AdminV3HttpIT {

    private static final String SERVICE = "/nacos/v3/admin/ns/service";
    private static final String INSTANCE = "/nacos/v3/admin/ns/instance";
    private static final String NAMESPACE = "/nacos/v3/admin/core/namespace";
    private static AuthUsers users;
    private static String namespace;
    private static String readerToken;
    private final NacosHttp http = new NacosHttp(SharedAuthServer.serverAddr());

    @BeforeAll
    static void setUp() {
        users = new AuthUsers(SharedAuthServer.serverAddr(), SharedAuthServer.ADMIN_USER,
                SharedAuthServer.ADMIN_PASSWORD);
        namespace = users.createNamespace("v3adm");
        String reader = "v3nsreader" + UUID.randomUUID().toString().substring(0, 6);
        users.createUser(reader, "Reader-Pass-1", namespace, "r");
        readerToken = AuthUsers.login(new NacosHttp(SharedAuthServer.serverAddr()), reader, "Reader-Pass-1");
    }

    @Test
    @DisplayName("naming: anonymous is refused, a reader may read but not write, the admin may write")
    void namingAccess() {
        Map<String, String> service = Map.of("serviceName", "acc-" + UUID.randomUUID(), "namespaceId", namespace);
        Map<String, String> instance = with(with(service, "ip", "10.4.0.1"), "port", "80");
        expectRefused(http.call("POST", INSTANCE, Map.of(), with(instance, "ephemeral", "false")), 403, 10001, null);
        expectRefused(http.call("POST", INSTANCE, token(readerToken), with(instance, "ephemeral", "false")), 403,
                10001, null);
        expectRefused(http.call("POST", SERVICE, token(readerToken), service), 403, 10001, null);

        NacosHttp.Answer registered = http.call("POST", INSTANCE, admin(), with(instance, "ephemeral", "false"));
        assertEquals(200, registered.status(), registered.toString());
        assertEquals("ok", registered.data().asText());
        NacosHttp.Answer listed = http.get(INSTANCE + "/list", with(service, "accessToken", readerToken));
        assertEquals(200, listed.status(), listed.toString());
        assertEquals("10.4.0.1", listed.data().get(0).path("ip").asText());
        NacosHttp.Answer page = http.get(SERVICE + "/list", Map.of("namespaceId", namespace,
                "serviceNameParam", service.get("serviceName"), "accessToken", readerToken));
        assertEquals(1, page.data().path("totalCount").asInt(), page.toString());
        expectRefused(http.get(SERVICE + "/list", token(readerToken)), 403, 10001, null);
        NacosHttp.Answer removed = http.call("DELETE", INSTANCE, with(with(instance, "ephemeral", "false"),
                "accessToken", users.adminToken()));
        assertEquals(200, removed.status(), removed.toString());
    }

    @Test
    @DisplayName("naming: missing and malformed parameters, unknown services: Nacos 3's codes, never a stack trace")
    void namingBadInput() {
        Map<String, String> admin = admin();
        expectRefused(http.get(SERVICE, admin), 400, 10000, "serviceName");
        expectRefused(http.get(SERVICE, with(admin, "serviceName", "none-" + UUID.randomUUID())), 400, 21008, null);
        expectRefused(http.call("POST", SERVICE, admin, Map.of("serviceName", "s", "protectThreshold", "2")), 400,
                20002, "protectThreshold");
        expectRefused(http.call("POST", SERVICE, admin, Map.of("serviceName", "s", "selector", "{oops")), 400,
                21006, "selector");
        expectRefused(http.call("POST", INSTANCE, admin, Map.of("serviceName", "s", "port", "80")), 400, 10000,
                "ip");
        expectRefused(http.call("POST", INSTANCE, admin, Map.of("serviceName", "s", "ip", "10.4.0.2", "port", "80",
                "weight", "-1")), 400, 21001, null);
        expectRefused(http.call("PUT", INSTANCE + "/partial", admin, Map.of("serviceName", "s", "ip", "10.4.0.2",
                "port", "eighty")), 400, 21004, "port");
        expectRefused(http.get(SERVICE + "/list", with(admin, "pageNo", "0")), 400, 20002, "pageNo");
        expectRefused(http.call("PUT", INSTANCE + "/metadata/batch", admin, Map.of("serviceName", "s")), 400, 10000,
                "metadata");
    }

    @Test
    @DisplayName("core: namespace changes need an admin; the list is filtered; state is open; bad names refused")
    void core() {
        String id = "v3ns-" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, String> created = Map.of("namespaceId", id, "namespaceName", "n");
        expectRefused(http.call("POST", NAMESPACE, token(readerToken), created), 403, 10001, null);
        expectRefused(http.get(NAMESPACE + "/check", with(token(readerToken), "namespaceId", id)), 403, 10001, null);
        NacosHttp.Answer visible = http.get(NAMESPACE + "/list", token(readerToken));
        assertEquals(200, visible.status(), visible.toString());
        assertEquals(1, visible.data().size(), "the reader sees its one namespace: " + visible);
        assertEquals(namespace, visible.data().get(0).path("namespace").asText());

        assertTrue(http.call("POST", NAMESPACE, admin(), created).data().asBoolean());
        assertEquals(1, http.get(NAMESPACE + "/check", with(admin(), "namespaceId", id)).data().asInt());
        expectRefused(http.call("POST", NAMESPACE, admin(), created), 400, 22002, null);
        expectRefused(http.call("POST", NAMESPACE, admin(), Map.of("namespaceId", "bad id!", "namespaceName", "n")),
                400, 22000, null);
        expectRefused(http.call("POST", NAMESPACE, admin(), Map.of("namespaceId", "x")), 400, 10000,
                "namespaceName");
        assertTrue(http.call("DELETE", NAMESPACE, with(admin(), "namespaceId", id)).data().asBoolean());
        expectRefused(http.get(NAMESPACE, with(admin(), "namespaceId", id)), 404, 22001, null);

        NacosHttp.Answer state = http.get("/nacos/v3/admin/core/state", Map.of());
        assertEquals(200, state.status(), state.toString());
        assertEquals("true", state.data().path("auth_enabled").asText());
        expectRefused(http.get("/nacos/v3/admin/core/cluster/node/list", Map.of()), 403, 10001, null);
        expectRefused(http.get("/nacos/v3/admin/core/cluster/node/list", with(admin(), "state", "sleepy")), 400,
                23000, "state");
    }

    @Test
    @DisplayName("a configuration's listeners: the Nacos 3 shape, READ in the namespace")
    void configListeners() {
        Map<String, String> ref = Map.of("dataId", "lst-" + UUID.randomUUID(), "groupName", "G",
                "namespaceId", namespace);
        NacosHttp.Answer none = http.get("/nacos/v3/admin/cs/config/listener", with(ref, "accessToken", readerToken));
        assertEquals(200, none.status(), none.toString());
        assertEquals("config", none.data().path("queryType").asText());
        assertEquals(0, none.data().path("listenersStatus").size());
        expectRefused(http.get("/nacos/v3/admin/cs/config/listener", ref), 403, 10001, null);
        expectRefused(http.get("/nacos/v3/admin/cs/config/listener", Map.of("dataId", "d",
                "accessToken", users.adminToken())), 400, 10000, "groupName");
    }

    private static void expectRefused(NacosHttp.Answer answer, int status, int code, String named) {
        assertEquals(status, answer.status(), answer.toString());
        assertEquals(code, answer.json().path("code").asInt(), answer.toString());
        assertFalse(answer.json().path("message").asText().isEmpty(), answer.toString());
        if (named != null) {
            assertTrue(answer.json().path("data").asText().contains(named), answer.toString());
        }
        assertFalse(answer.body().contains("\tat ") || answer.body().contains("Exception"), answer.toString());
    }

    private static Map<String, String> admin() {
        return token(users.adminToken());
    }

    private static Map<String, String> token(String token) {
        return Map.of("accessToken", token);
    }

    private static Map<String, String> with(Map<String, String> base, String name, String value) {
        Map<String, String> more = new HashMap<>(base);
        more.put(name, value);
        return more;
    }
}
