package io.jacos.it.auth;

import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedAuthServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Grants narrower than a namespace on the v2 and v3 HTTP APIs, which name a service by a bare {@code serviceName}
 * and {@code groupName} and a configuration by {@code groupName} and {@code dataId} (v3), and on the routes that
 * read one configuration's history and listeners or one service's settings and catalog: a user granted
 * {@code ns:GRP:naming/orders} and {@code ns:GRP:config/a.yaml} is served on exactly those, refused 403 on any
 * other name, group or namespace and on lists, and a refused write changes nothing.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: grants on one configuration or service, on the v2 and v3 APIs, history, listeners and catalog")
class NarrowGrantsV2V3IT {

    private static final String PASSWORD = "it-narrow-v3-pass";
    private static final String GROUP = "GRP";
    private static AuthUsers users;
    private static NacosHttp http;
    private static String namespace;
    private static String otherNamespace;
    private static String token;

    @BeforeAll
    static void narrowUser() {
        users = new AuthUsers(SharedAuthServer.serverAddr(), SharedAuthServer.ADMIN_USER,
                SharedAuthServer.ADMIN_PASSWORD);
        http = new NacosHttp(SharedAuthServer.serverAddr());
        namespace = users.createNamespace("narrow-v3");
        otherNamespace = users.createNamespace("narrow-v3-other");
        String user = NamingClients.uniqueName("narrow-v3");
        String role = "role-" + user;
        admin("POST", "/nacos/v1/auth/users", Map.of("username", user, "password", PASSWORD));
        admin("POST", "/nacos/v1/auth/roles", Map.of("role", role, "username", user));
        for (String resource : List.of(namespace + ":" + GROUP + ":config/a.yaml",
                namespace + ":" + GROUP + ":naming/orders")) {
            admin("POST", "/nacos/v1/auth/permissions", Map.of("role", role, "resource", resource, "action", "rw"));
        }
        for (String ns : List.of(namespace, otherNamespace)) {
            for (String dataId : List.of("a.yaml", "b.yaml")) {
                for (String group : List.of(GROUP, "OTHER")) {
                    admin("POST", "/nacos/v3/admin/cs/config", Map.of("namespaceId", ns, "groupName", group,
                            "dataId", dataId, "content", "admin " + ns + " " + group + " " + dataId));
                }
            }
        }
        for (String service : List.of("orders", "payments")) {
            admin("POST", "/nacos/v1/ns/service", Map.of("namespaceId", namespace,
                    "serviceName", GROUP + "@@" + service));
        }
        token = AuthUsers.login(http, user, PASSWORD);
    }

    @Test
    @DisplayName("v2 naming: register, list and read GRP/orders; other services, groups, namespaces and lists 403")
    void v2Naming() {
        String instance = "/nacos/v2/ns/instance";
        assertStatus(200, "POST", instance, ours("127.0.0.81", 8101));
        assertStatus(200, "PUT", instance + "/beat", ours("127.0.0.81", 8101));
        assertStatus(200, "GET", instance + "/list", Map.of("namespaceId", namespace, "groupName", GROUP,
                "serviceName", "orders"));
        assertStatus(200, "GET", "/nacos/v2/ns/service", Map.of("namespaceId", namespace, "groupName", GROUP,
                "serviceName", "orders"));

        assertStatus(403, "POST", instance, with(ours("127.0.0.82", 8102), "serviceName", "payments"));
        assertStatus(403, "POST", instance, with(ours("127.0.0.83", 8103), "groupName", "OTHER"));
        assertStatus(403, "POST", instance, without(ours("127.0.0.84", 8104), "groupName"),
                "no groupName is DEFAULT_GROUP");
        assertStatus(403, "POST", instance, with(without(ours("127.0.0.85", 8105), "groupName"),
                "serviceName", GROUP + "@@orders"), "the v2 API takes no grouped name");
        assertStatus(403, "POST", instance, with(ours("127.0.0.86", 8106), "namespaceId", otherNamespace));
        assertStatus(403, "GET", instance + "/list", Map.of("namespaceId", namespace, "groupName", GROUP,
                "serviceName", "payments"));
        assertStatus(403, "GET", "/nacos/v2/ns/service/list", Map.of("namespaceId", namespace, "groupName", GROUP));
        assertStatus(403, "DELETE", "/nacos/v2/ns/service", Map.of("namespaceId", namespace, "groupName", "OTHER",
                "serviceName", "orders"));

        assertTrue(NacosHttp.endpoints(users.instances(namespace, GROUP + "@@orders").json())
                .contains("127.0.0.81:8101"));
        for (String service : List.of(GROUP + "@@payments", "OTHER@@orders", "orders")) {
            assertEquals(List.of(), NacosHttp.endpoints(users.instances(namespace, service).json()), service);
        }
        assertEquals(List.of(), NacosHttp.endpoints(users.instances(otherNamespace, GROUP + "@@orders").json()));
        assertStatus(200, "DELETE", instance, ours("127.0.0.81", 8101));
    }

    @Test
    @DisplayName("v3 naming: the client and admin routes serve GRP/orders and refuse every other service with 403")
    void v3Naming() {
        assertStatus(200, "POST", "/nacos/v3/client/ns/instance", ours("127.0.0.91", 9101));
        assertStatus(200, "GET", "/nacos/v3/client/ns/instance/list", Map.of("namespaceId", namespace,
                "groupName", GROUP, "serviceName", "orders"));
        assertStatus(200, "GET", "/nacos/v3/admin/ns/instance/list", Map.of("namespaceId", namespace,
                "groupName", GROUP, "serviceName", "orders"));
        assertStatus(200, "GET", "/nacos/v3/admin/ns/service", Map.of("namespaceId", namespace,
                "groupName", GROUP, "serviceName", "orders"));

        assertStatus(403, "POST", "/nacos/v3/client/ns/instance", with(ours("127.0.0.92", 9102),
                "serviceName", "payments"));
        assertStatus(403, "POST", "/nacos/v3/admin/ns/instance", with(ours("127.0.0.93", 9103),
                "groupName", "OTHER"));
        assertStatus(403, "GET", "/nacos/v3/admin/ns/instance/list", Map.of("namespaceId", namespace,
                "groupName", GROUP, "serviceName", "payments"));
        assertStatus(403, "GET", "/nacos/v3/admin/ns/service/list", Map.of("namespaceId", namespace,
                "groupName", GROUP));
        assertStatus(403, "POST", "/nacos/v3/admin/ns/service", Map.of("namespaceId", namespace,
                "groupName", GROUP, "serviceName", "payments"));

        assertEquals(List.of(), NacosHttp.endpoints(users.instances(namespace, GROUP + "@@payments").json()));
        assertEquals(List.of(), NacosHttp.endpoints(users.instances(namespace, "OTHER@@orders").json()));
        assertStatus(200, "DELETE", "/nacos/v3/client/ns/instance", ours("127.0.0.91", 9101));
    }

    @Test
    @DisplayName("v3 config: GRP/a.yaml is read and published; other items, lists and history 403, unchanged")
    void v3Config() {
        String admin = "/nacos/v3/admin/cs/config";
        assertStatus(200, "GET", "/nacos/v3/client/cs/config", config(GROUP, "a.yaml"));
        assertStatus(200, "POST", admin, with(config(GROUP, "a.yaml"), "content", "mine"));
        assertEquals("mine", adminRead(namespace, GROUP, "a.yaml"));
        assertStatus(200, "GET", admin, config(GROUP, "a.yaml"));

        assertStatus(403, "GET", "/nacos/v3/client/cs/config", config(GROUP, "b.yaml"));
        assertStatus(403, "GET", "/nacos/v3/client/cs/config", config("OTHER", "a.yaml"));
        assertStatus(403, "GET", "/nacos/v3/client/cs/config", with(config(GROUP, "a.yaml"),
                "namespaceId", otherNamespace));
        assertStatus(403, "POST", admin, with(config(GROUP, "b.yaml"), "content", "not mine"));
        assertStatus(403, "POST", admin, with(with(config(GROUP, "a.yaml"), "group", GROUP), "groupName", "OTHER"),
                "the v3 API's group is groupName, whatever group says");
        assertStatus(403, "DELETE", admin, config(GROUP, "b.yaml"));
        assertStatus(403, "GET", admin + "/list", Map.of("namespaceId", namespace, "groupName", GROUP,
                "dataId", "a.yaml", "pageNo", "1", "pageSize", "10"));
        assertStatus(403, "GET", "/nacos/v3/admin/cs/history/configs", Map.of("namespaceId", namespace),
                "the namespace's list of configurations needs the namespace");

        assertEquals("admin " + namespace + " " + GROUP + " b.yaml", adminRead(namespace, GROUP, "b.yaml"));
        assertEquals("admin " + namespace + " OTHER a.yaml", adminRead(namespace, "OTHER", "a.yaml"));
    }

    @Test
    @DisplayName("one configuration's history and listeners, one service's settings and catalog; not the lists")
    void historyListenersCatalog() {
        Map<String, String> v1Config = Map.of("tenant", namespace, "group", GROUP, "dataId", "a.yaml");
        Map<String, String> v2Config = Map.of("namespaceId", namespace, "group", GROUP, "dataId", "a.yaml");
        assertStatus(200, "GET", "/nacos/v1/cs/history", with(with(v1Config, "search", "accurate"), "pageNo", "1"));
        assertStatus(200, "GET", "/nacos/v2/cs/history/list", v2Config);
        assertStatus(200, "GET", "/nacos/v3/admin/cs/history/list", config(GROUP, "a.yaml"));
        assertStatus(200, "GET", "/nacos/v1/cs/configs/listener", v1Config);
        assertStatus(200, "GET", "/nacos/v3/admin/cs/config/listener", config(GROUP, "a.yaml"));
        assertStatus(403, "GET", "/nacos/v1/cs/history", with(with(v1Config, "search", "accurate"),
                "dataId", "b.yaml"));
        assertStatus(403, "GET", "/nacos/v2/cs/history/list", with(v2Config, "group", "OTHER"));
        assertStatus(403, "GET", "/nacos/v3/admin/cs/history/list", config(GROUP, "b.yaml"));
        assertStatus(403, "GET", "/nacos/v1/cs/configs/listener", with(v1Config, "dataId", "b.yaml"));
        assertStatus(403, "GET", "/nacos/v3/admin/cs/config/listener", config("OTHER", "a.yaml"));
        assertStatus(403, "GET", "/nacos/v1/cs/history/configs", Map.of("tenant", namespace));

        Map<String, String> service = Map.of("namespaceId", namespace, "serviceName", GROUP + "@@orders");
        // An instance in the DEFAULT cluster, which the catalog's instance page names; removed at the end, as the
        // classes after this one on the shared server compare its state before and after them.
        Map<String, String> instance = with(with(service, "ip", "127.0.0.95"), "port", "9500");
        admin("POST", "/nacos/v1/ns/instance", instance);
        try {
            catalogAndSettings(service);
        } finally {
            admin("DELETE", "/nacos/v1/ns/instance", instance);
        }
    }

    private static void catalogAndSettings(Map<String, String> service) {
        assertStatus(200, "GET", "/nacos/v1/ns/service", service);
        assertStatus(200, "PUT", "/nacos/v1/ns/service", with(service, "protectThreshold", "0.25"));
        assertStatus(200, "GET", "/nacos/v1/ns/catalog/service", service);
        assertStatus(200, "GET", "/nacos/v1/ns/catalog/instances", with(with(with(service, "clusterName",
                "DEFAULT"), "pageNo", "1"), "pageSize", "10"));
        Map<String, String> theirs = with(service, "serviceName", GROUP + "@@payments");
        assertStatus(403, "GET", "/nacos/v1/ns/service", theirs);
        assertStatus(403, "PUT", "/nacos/v1/ns/service", with(theirs, "protectThreshold", "0.25"));
        assertStatus(403, "DELETE", "/nacos/v1/ns/service", theirs);
        assertStatus(403, "GET", "/nacos/v1/ns/catalog/service", theirs);
        assertStatus(403, "GET", "/nacos/v1/ns/catalog/services", Map.of("namespaceId", namespace,
                "pageNo", "1", "pageSize", "10"));
        assertStatus(403, "GET", "/nacos/v1/ns/service/list", Map.of("namespaceId", namespace,
                "pageNo", "1", "pageSize", "10"));
        NacosHttp.Answer payments = http.get("/nacos/v1/ns/service", with(theirs, "accessToken", users.adminToken()));
        assertEquals(200, payments.status(), "the refused delete left the service: " + payments);
    }

    private static Map<String, String> ours(String ip, int port) {
        return Map.of("namespaceId", namespace, "groupName", GROUP, "serviceName", "orders", "ip", ip,
                "port", Integer.toString(port));
    }

    private static Map<String, String> config(String group, String dataId) {
        return Map.of("namespaceId", namespace, "groupName", group, "dataId", dataId);
    }

    private static Map<String, String> with(Map<String, String> params, String name, String value) {
        Map<String, String> changed = new HashMap<>(params);
        changed.put(name, value);
        return changed;
    }

    private static Map<String, String> without(Map<String, String> params, String name) {
        Map<String, String> changed = new HashMap<>(params);
        changed.remove(name);
        return changed;
    }

    private static void assertStatus(int expected, String method, String path, Map<String, String> params) {
        assertStatus(expected, method, path, params, method + " " + path + " " + params);
    }

    private static void assertStatus(int expected, String method, String path, Map<String, String> params,
                                     String why) {
        NacosHttp.Answer answer = http.call(method, path, with(params, "accessToken", token));
        assertEquals(expected, answer.status(), () -> why + ": " + answer);
    }

    private static String adminRead(String ns, String group, String dataId) {
        NacosHttp.Answer answer = http.get("/nacos/v1/cs/configs", Map.of("tenant", ns, "group", group,
                "dataId", dataId, "accessToken", users.adminToken()));
        assertEquals(200, answer.status(), answer::toString);
        return answer.body();
    }

    private static void admin(String method, String path, Map<String, String> params) {
        NacosHttp.Answer answer = http.call(method, path, with(params, "accessToken", users.adminToken()));
        assertEquals(200, answer.status(), answer::toString);
    }
}
