package io.jacos.it.auth;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedAuthServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static io.jacos.it.support.NamingClients.instance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Grants narrower than a namespace, written as Nacos writes them ({@code ns:GRP:config/a.yaml},
 * {@code ns:GRP:naming/orders}) through {@code /nacos/v1/auth/permissions}, then used by nacos-client 2.5.1 over
 * gRPC and by plain HTTP calls: the granted configuration and service work, every other name, group and
 * namespace is refused with 403, a list or search is refused, and a malformed grant is refused with 400 and
 * stores nothing.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: grants on one configuration or service (ns:group:type/name)")
class NarrowGrantsIT {

    private static final String PASSWORD = "it-narrow-pass-3";
    private static final String GROUP = "GRP";
    private static final String PERMISSIONS = "/nacos/v1/auth/permissions";
    private static AuthUsers users;
    private static NacosHttp http;
    private static String namespace;
    private static String otherNamespace;
    private static String user;
    private static String role;

    private final NamingClients namingClients = new NamingClients(SharedAuthServer.serverAddr());
    private final List<ConfigService> configClients = new ArrayList<>();

    @BeforeAll
    static void narrowUser() {
        users = new AuthUsers(SharedAuthServer.serverAddr(), SharedAuthServer.ADMIN_USER,
                SharedAuthServer.ADMIN_PASSWORD);
        http = new NacosHttp(SharedAuthServer.serverAddr());
        namespace = users.createNamespace("narrow");
        otherNamespace = users.createNamespace("narrow-other");
        user = NamingClients.uniqueName("narrow");
        role = "role-" + user;
        admin("POST", "/nacos/v1/auth/users", Map.of("username", user, "password", PASSWORD));
        admin("POST", "/nacos/v1/auth/roles", Map.of("role", role, "username", user));
        grant(namespace + ":" + GROUP + ":config/a.yaml", "rw");
        grant(namespace + ":" + GROUP + ":naming/orders", "rw");
        // The same names in the other namespace exist, so a refusal there is the grant's, not a missing item's.
        for (String ns : List.of(namespace, otherNamespace)) {
            for (String dataId : List.of("a.yaml", "b.yaml")) {
                for (String group : List.of(GROUP, "OTHER")) {
                    NacosHttp.Answer published = http.call("POST", "/nacos/v1/cs/configs",
                            Map.of("accessToken", users.adminToken()), Map.of("tenant", ns, "group", group,
                                    "dataId", dataId, "content", "admin " + ns + " " + group + " " + dataId));
                    assertEquals(200, published.status(), published::toString);
                }
            }
        }
    }

    @AfterEach
    void closeClients() throws NacosException {
        namingClients.close();
        for (ConfigService client : configClients) {
            client.shutDown();
        }
    }

    @Test
    @DisplayName("config: the 2.5.1 client reads and publishes a.yaml in GRP, and nothing else")
    void configClient() throws Exception {
        ConfigService client = configClient(namespace);
        assertTrue(client.publishConfig("a.yaml", GROUP, "mine"));
        assertEquals("mine", adminRead(namespace, GROUP, "a.yaml"));
        assertEquals("mine", client.getConfig("a.yaml", GROUP, 5000));

        assertRefused(() -> client.getConfig("b.yaml", GROUP, 5000));
        assertRefused(() -> client.getConfig("a.yaml", "OTHER", 5000));
        assertFalse(client.publishConfig("b.yaml", GROUP, "not mine"));
        assertFalse(client.publishConfig("a.yaml", "OTHER", "not mine"));
        assertFalse(client.removeConfig("b.yaml", GROUP));

        ConfigService elsewhere = configClient(otherNamespace);
        assertRefused(() -> elsewhere.getConfig("a.yaml", GROUP, 5000));
        assertFalse(elsewhere.publishConfig("a.yaml", GROUP, "not mine"));

        assertEquals("admin " + namespace + " " + GROUP + " b.yaml", adminRead(namespace, GROUP, "b.yaml"));
        assertEquals("admin " + namespace + " OTHER a.yaml", adminRead(namespace, "OTHER", "a.yaml"));
        assertEquals("admin " + otherNamespace + " " + GROUP + " a.yaml", adminRead(otherNamespace, GROUP, "a.yaml"));
    }

    @Test
    @DisplayName("config over HTTP: the granted item is served, other items, searches and exports get 403")
    void configHttp() {
        String token = AuthUsers.login(http, user, PASSWORD);
        assertEquals(200, userCall("GET", token, Map.of("tenant", namespace, "group", GROUP, "dataId", "a.yaml"))
                .status());
        assertEquals(403, userCall("GET", token, Map.of("tenant", namespace, "group", GROUP, "dataId", "b.yaml"))
                .status());
        assertEquals(403, userCall("GET", token, Map.of("tenant", namespace, "dataId", "a.yaml")).status(),
                "a request without a group is about every group");
        assertEquals(403, userCall("GET", token, Map.of("tenant", namespace, "group", GROUP, "dataId", "a.yaml",
                "search", "accurate", "pageNo", "1", "pageSize", "10")).status(), "a search names no one item");
        assertEquals(403, userCall("GET", token, Map.of("tenant", namespace, "group", GROUP, "dataId", "a.yaml",
                "export", "true")).status());
        assertEquals(403, userCall("DELETE", token, Map.of("tenant", namespace, "delType", "ids", "ids", "1"))
                .status());
        assertEquals(403, userCall("GET", token, Map.of("tenant", otherNamespace, "group", GROUP,
                "dataId", "a.yaml")).status());
        assertEquals(403, http.call("DELETE", "/nacos/v1/cs/configs", Map.of("tenant", namespace, "group", GROUP,
                "dataId", "b.yaml", "accessToken", token)).status());
        assertEquals("admin " + namespace + " " + GROUP + " b.yaml", adminRead(namespace, GROUP, "b.yaml"));

        String v2 = "/nacos/v2/cs/config";
        assertEquals(200, http.get(v2, Map.of("namespaceId", namespace, "group", GROUP, "dataId", "a.yaml",
                "accessToken", token)).status());
        assertEquals(403, http.get(v2, Map.of("namespaceId", namespace, "group", GROUP, "dataId", "b.yaml",
                "accessToken", token)).status());
        assertEquals(403, http.call("DELETE", v2, Map.of("namespaceId", namespace, "group", GROUP,
                "dataId", "b.yaml", "accessToken", token)).status());
        assertEquals("admin " + namespace + " " + GROUP + " b.yaml", adminRead(namespace, GROUP, "b.yaml"));
    }

    @Test
    @DisplayName("naming: the 2.5.1 client registers and reads GRP@@orders, and no other service")
    void namingClient() throws Exception {
        NamingService client = namingClient(namespace);
        client.registerInstance("orders", GROUP, instance("127.0.0.71", 7101));
        assertEquals(1, client.getAllInstances("orders", GROUP).size());
        assertEquals(List.of("127.0.0.71:7101"), NacosHttp.endpoints(
                users.instances(namespace, GROUP + "@@orders").json()));

        assertRefused(() -> client.registerInstance("payments", GROUP, instance("127.0.0.72", 7102)));
        assertRefused(() -> client.registerInstance("orders", "OTHER", instance("127.0.0.73", 7103)));
        assertRefused(() -> client.getAllInstances("orders", "OTHER"));
        assertRefused(() -> client.getServicesOfServer(1, 10, GROUP));
        NamingService elsewhere = namingClient(otherNamespace);
        assertRefused(() -> elsewhere.registerInstance("orders", GROUP, instance("127.0.0.74", 7104)));

        assertEquals(List.of(), NacosHttp.endpoints(users.instances(namespace, GROUP + "@@payments").json()));
        assertEquals(List.of(), NacosHttp.endpoints(users.instances(namespace, "OTHER@@orders").json()));
        assertEquals(List.of(), NacosHttp.endpoints(users.instances(otherNamespace, GROUP + "@@orders").json()));

        String token = AuthUsers.login(http, user, PASSWORD);
        assertEquals(200, http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", GROUP + "@@orders",
                "namespaceId", namespace, "accessToken", token)).status());
        assertEquals(403, http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", GROUP + "@@payments",
                "namespaceId", namespace, "accessToken", token)).status());
        assertEquals(403, http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", "orders",
                "namespaceId", namespace, "accessToken", token)).status(), "a bare name is in DEFAULT_GROUP");

        // A 1.x client's register and beats, over HTTP.
        Map<String, String> ours = Map.of("serviceName", GROUP + "@@orders", "ip", "127.0.0.75", "port", "7105",
                "namespaceId", namespace, "accessToken", token);
        NacosHttp.Answer registered = http.call("POST", "/nacos/v1/ns/instance", ours);
        assertEquals(200, registered.status(), registered::toString);
        NacosHttp.Answer beat = http.call("PUT", "/nacos/v1/ns/instance/beat", ours);
        assertEquals(200, beat.status(), beat::toString);
        Map<String, String> theirs = new HashMap<>(ours);
        theirs.put("serviceName", GROUP + "@@payments");
        assertEquals(403, http.call("POST", "/nacos/v1/ns/instance", theirs).status());
        assertEquals(403, http.call("PUT", "/nacos/v1/ns/instance/beat", theirs).status());
        assertEquals(List.of(), NacosHttp.endpoints(users.instances(namespace, GROUP + "@@payments").json()));
    }

    @Test
    @DisplayName("a malformed grant is refused with 400 and stores nothing; the stored ones read back as written")
    void malformedGrantsChangeNothing() {
        String before = admin("GET", PERMISSIONS, Map.of()).body();
        for (String resource : List.of(namespace + ":GRP:file/a", namespace + ":GRP", namespace + ":GRP:config/",
                namespace + ":GRP:config/a b", namespace + "*:*:*", namespace + ":GRP:config/" + "x".repeat(400))) {
            NacosHttp.Answer refused = http.call("POST", PERMISSIONS, Map.of("role", role, "resource", resource,
                    "action", "rw", "accessToken", users.adminToken()));
            assertEquals(400, refused.status(), refused::toString);
            assertFalse(refused.body().contains("Exception"), refused::toString);
        }
        String after = admin("GET", PERMISSIONS, Map.of()).body();
        assertEquals(before, after);
        assertTrue(after.contains("GRP:config/a.yaml"), after);
        assertTrue(after.contains("GRP:naming/orders"), after);
    }

    private ConfigService configClient(String ns) throws NacosException {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, SharedAuthServer.serverAddr());
        properties.put(PropertyKeyConst.NAMESPACE, ns);
        properties.put(PropertyKeyConst.USERNAME, user);
        properties.put(PropertyKeyConst.PASSWORD, PASSWORD);
        ConfigService client = ConfigFactory.createConfigService(properties);
        configClients.add(client);
        return client;
    }

    private NamingService namingClient(String ns) {
        Map<String, String> properties = new HashMap<>(Map.of(PropertyKeyConst.NAMESPACE, ns,
                PropertyKeyConst.USERNAME, user, PropertyKeyConst.PASSWORD, PASSWORD));
        return namingClients.open(properties);
    }

    private static void assertRefused(org.junit.jupiter.api.function.Executable call) {
        assertEquals(NacosException.NO_RIGHT, assertThrows(NacosException.class, call).getErrCode());
    }

    private static NacosHttp.Answer userCall(String method, String token, Map<String, String> query) {
        Map<String, String> withToken = new HashMap<>(query);
        withToken.put("accessToken", token);
        return http.call(method, "/nacos/v1/cs/configs", withToken);
    }

    private static String adminRead(String ns, String group, String dataId) {
        NacosHttp.Answer answer = http.get("/nacos/v1/cs/configs", Map.of("tenant", ns, "group", group,
                "dataId", dataId, "accessToken", users.adminToken()));
        assertEquals(200, answer.status(), answer::toString);
        return answer.body();
    }

    private static void grant(String resource, String action) {
        admin("POST", PERMISSIONS, Map.of("role", role, "resource", resource, "action", action));
    }

    private static NacosHttp.Answer admin(String method, String path, Map<String, String> params) {
        Map<String, String> withToken = new HashMap<>(params);
        withToken.put("accessToken", users.adminToken());
        NacosHttp.Answer answer = http.call(method, path, withToken);
        assertEquals(200, answer.status(), answer::toString);
        return answer;
    }
}
