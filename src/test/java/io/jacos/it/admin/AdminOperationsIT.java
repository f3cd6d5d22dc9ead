package io.jacos.it.admin;

import com.alibaba.nacos.api.naming.NamingService;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The admin API's operations pages on a standalone server: connections, reset, server, cluster, OpenAPI. */
@ExtendWith(SharedServer.class)
@DisplayName("Admin API: connections, server and cluster operations")
class AdminOperationsIT {

    private static final String ADMIN = "/nacos/admin";

    private final JsonHttp admin = new JsonHttp(SharedServer.serverAddr());
    private final NacosHttp v1 = new NacosHttp(SharedServer.serverAddr());
    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());

    @AfterEach
    void closeClients() {
        clients.close();
    }

    @Test
    @DisplayName("connections list a 2.5.1 client's connection with its version and node, and a 1.x client by ip:port")
    void connectionsAreListed() throws Exception {
        Set<String> before = connectionIds();
        NamingService naming = clients.open();
        String service = NamingClients.uniqueName("admin-conn");
        naming.registerInstance(service, "127.0.0.41", 4101);
        String id = await().atMost(Waits.PUSH).until(() -> newIds(before), ids -> ids.size() == 1).get(0);
        NacosHttp.Answer registered = v1.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", service,
                "ip", "127.0.0.42", "port", "4202"));
        assertEquals(200, registered.status(), registered::toString);

        JsonNode data = admin.get(ADMIN + "/connections").data();
        JsonNode mine = find(data.path("connections"), "id", id);
        assertTrue(mine.path("clientVersion").asText().contains("2.5.1"), mine::toString);
        assertEquals("grpc", mine.path("transport").asText());
        assertEquals("127.0.0.1:" + SharedServer.HTTP_PORT, mine.path("node").asText());
        assertFalse(mine.path("clientIp").asText().isEmpty(), mine::toString);
        assertTrue(mine.path("labels").isObject(), mine::toString);
        assertTrue(mine.path("connectedAt").asLong() > 0 && mine.path("lastActiveAt").asLong()
                >= mine.path("connectedAt").asLong(), mine::toString);
        JsonNode legacy = find(data.path("ipPortClients"), "address", "127.0.0.42:4202");
        assertEquals("http", legacy.path("transport").asText());
        assertEquals("127.0.0.42:4202#true", legacy.path("id").asText());
        assertTrue(legacy.path("lastBeatAt").asLong() > 0, legacy::toString);

        v1.call("DELETE", "/nacos/v1/ns/instance", Map.of("serviceName", service, "ip", "127.0.0.42", "port", "4202"));
    }

    @Test
    @DisplayName("a reset connection's 2.5.1 client reconnects under a new id and its instance stays registered")
    void resetMakesTheClientReconnect() throws Exception {
        Set<String> before = connectionIds();
        NamingService naming = clients.open();
        String service = NamingClients.uniqueName("admin-reset");
        naming.registerInstance(service, "127.0.0.43", 4301);
        String old = await().atMost(Waits.PUSH).until(() -> newIds(before), ids -> ids.size() == 1).get(0);
        before.add(old);

        Answer reset = admin.post(ADMIN + "/connections/" + old + "/reset", "{}");
        assertEquals(200, reset.status(), reset::toString);
        assertTrue(reset.data().asBoolean(), reset::toString);

        await().atMost(Waits.RECONNECT).until(() -> !connectionIds().contains(old) && newIds(before).size() == 1);
        await().atMost(Waits.RECONNECT).until(() -> listed(service), List.of("127.0.0.43:4301")::equals);
        assertEquals(List.of("127.0.0.43:4301"), NamingClients.endpoints(naming.getAllInstances(service)));
    }

    @Test
    @DisplayName("resetting an unknown connection, or with a bad body or target, is a clear 4xx JSON error")
    void badResets() {
        Answer unknown = admin.post(ADMIN + "/connections/no-such-connection/reset", "{}");
        assertEquals(404, unknown.status(), unknown::toString);
        assertTrue(unknown.contentType().startsWith("application/json"), unknown::toString);
        assertEquals(20004, unknown.json().path("code").asInt());
        assertTrue(unknown.data().asText().contains("no-such-connection"), unknown::toString);

        Set<String> ids = connectionIds();
        String any = ids.isEmpty() ? "x" : ids.iterator().next();
        Answer notJson = admin.post(ADMIN + "/connections/" + any + "/reset", "{target");
        assertEquals(400, notJson.status(), notJson::toString);
        assertEquals(20002, notJson.json().path("code").asInt());
        Answer badTarget = admin.post(ADMIN + "/connections/" + any + "/reset", "{\"target\":\"nowhere:99999\"}");
        assertEquals(400, badTarget.status(), badTarget::toString);
        Answer foreignTarget = admin.post(ADMIN + "/connections/" + any + "/reset", "{\"target\":\"10.9.9.9:8848\"}");
        assertEquals(400, foreignTarget.status(), foreignTarget::toString);
        assertEquals(ids.isEmpty() ? Set.of() : ids, connectionIds(), "nothing was reset");
    }

    @Test
    @DisplayName("the server page shows version, mode and counts that change when a client registers")
    void serverCountsFollowTheRegistry() throws Exception {
        JsonNode before = admin.get(ADMIN + "/server").data();
        assertEquals("standalone", before.path("mode").asText());
        assertEquals("127.0.0.1:" + SharedServer.HTTP_PORT, before.path("node").asText());
        assertTrue(before.path("ready").asBoolean(), before::toString);
        assertFalse(before.path("version").asText().isBlank());
        assertTrue(before.path("startedAt").asLong() > 0 && before.path("uptimeMillis").asLong() >= 0);
        assertTrue(before.path("counts").path("namespaces").asInt() >= 1, before::toString);

        NamingService naming = clients.open();
        String service = NamingClients.uniqueName("admin-counts");
        // One 2.x client publishes one instance per service, so two services.
        naming.registerInstance(service, "127.0.0.44", 4401);
        naming.registerInstance(service + "-2", "127.0.0.45", 4501);
        JsonNode counts = before.path("counts");
        await().atMost(Waits.PUSH).until(() -> admin.get(ADMIN + "/server").data().path("counts"),
                now -> now.path("instances").asInt() >= counts.path("instances").asInt() + 2
                        && now.path("healthyInstances").asInt() >= counts.path("healthyInstances").asInt() + 2
                        && now.path("services").asInt() >= counts.path("services").asInt() + 2
                        && now.path("connections").asInt() >= counts.path("connections").asInt() + 1);
        JsonNode after = admin.get(ADMIN + "/server").data().path("counts");
        clients.shutDown(naming);
        await().atMost(Waits.EVICTION).until(() -> admin.get(ADMIN + "/server").data().path("counts")
                .path("instances").asInt() <= after.path("instances").asInt() - 2);
    }

    @Test
    @DisplayName("the effective settings show configured values and defaults, and mask secrets")
    void settingsMaskSecrets() {
        JsonNode settings = admin.get(ADMIN + "/server").data().path("settings");
        assertEquals(Long.toString(SharedServer.KEEP_ALIVE_MILLIS), settings.path("jacos.connection.keep-alive").asText());
        assertEquals("5000", settings.path("jacos.beat.interval").asText(), "a default shows");
        assertEquals("******", settings.path("db.password.0").asText());
        // A name whose last part (an index aside) is a secret is masked; one that only mentions a secret shows.
        settings.fields().forEachRemaining(e -> {
            if (e.getKey().matches("(?i).*(password|secret|token|credentials?|key|\\.keys)(\\.\\d+)*")) {
                assertEquals("******", e.getValue().asText(), e.getKey());
            }
        });
        assertEquals("210000", settings.path("jacos.auth.password-iterations").asText());
        assertEquals("******", settings.path("jacos.cluster.secret").asText());
        assertFalse(settings.has("java.home"), "only the server's own settings");
    }

    @Test
    @DisplayName("on a standalone server the cluster page lists this node, and drain, undrain and rebalance are 409")
    void clusterOperationsAreRefusedStandalone() {
        JsonNode cluster = admin.get(ADMIN + "/cluster").data();
        assertEquals("standalone", cluster.path("mode").asText());
        assertEquals(1, cluster.path("nodes").size(), cluster::toString);
        JsonNode self = cluster.path("nodes").get(0);
        assertEquals("UP", self.path("state").asText());
        assertTrue(self.path("self").asBoolean());
        assertEquals(0, self.path("lagMillis").asLong());

        String node = "127.0.0.1:" + SharedServer.HTTP_PORT;
        for (String path : List.of("/cluster/nodes/" + node + "/drain", "/cluster/nodes/" + node + "/undrain",
                "/cluster/rebalance")) {
            Answer refused = admin.post(ADMIN + path, null);
            assertEquals(409, refused.status(), path + ": " + refused);
            assertEquals(20005, refused.json().path("code").asInt(), refused::toString);
            assertTrue(refused.data().asText().contains("standalone"), refused::toString);
        }
        assertEquals(405, admin.get(ADMIN + "/cluster/rebalance").status());
    }

    @Test
    @DisplayName("the server's /openapi describes the whole admin API")
    void openApiListsTheAdminPaths() {
        JsonNode openapi = admin.get("/openapi").json();
        String server = openapi.path("servers").get(0).path("url").asText();
        assertTrue(server.endsWith("/nacos"), "paths are relative to the context root: " + server);
        JsonNode paths = openapi.path("paths");
        for (String path : List.of("/connections", "/connections/{id}/reset", "/server", "/cluster",
                "/cluster/nodes/{address}/drain", "/cluster/nodes/{address}/undrain", "/cluster/rebalance",
                "/namespaces", "/namespaces/{id}", "/services", "/services/{group}/{service}",
                "/services/{group}/{service}/instances", "/services/{group}/{service}/subscribers",
                "/services/{group}/{service}/history", "/users", "/users/{username}", "/users/{username}/password",
                "/roles", "/permissions", "/auth/me", "/auth/login")) {
            assertTrue(paths.has("/admin" + path), "/admin" + path + " missing from " + paths);
        }
        assertTrue(paths.path("/admin/connections/{id}/reset").has("post"), paths::toString);
        assertTrue(paths.path("/admin/server").has("get"), paths::toString);
        assertTrue(paths.path("/admin/services/{group}/{service}/instances").has("put"), paths::toString);
        assertTrue(paths.path("/admin/namespaces/{id}").has("delete"), paths::toString);
        assertEquals("bearer", openapi.path("components").path("securitySchemes").path("bearerToken").path("scheme")
                .asText(), "with auth on a call carries a bearer token");
    }

    private Set<String> connectionIds() {
        Set<String> ids = new HashSet<>();
        admin.get(ADMIN + "/connections").data().path("connections").forEach(c -> ids.add(c.path("id").asText()));
        return ids;
    }

    private List<String> newIds(Set<String> before) {
        List<String> ids = new ArrayList<>(connectionIds());
        ids.removeAll(before);
        return ids;
    }

    private List<String> listed(String service) {
        return NacosHttp.endpoints(v1.get("/nacos/v1/ns/instance/list", Map.of("serviceName", service)).json());
    }

    private static JsonNode find(JsonNode array, String field, String value) {
        for (JsonNode row : array) {
            if (value.equals(row.path(field).asText())) {
                return row;
            }
        }
        throw new AssertionError("no " + field + "=" + value + " in " + array);
    }
}
