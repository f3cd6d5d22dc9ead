package io.jacos.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.jacos.it.support.NacosHttp.endpoints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Console and ops endpoints: namespaces (the ones clients register in), server state, metrics, members, switches. */
@ExtendWith(SharedServer.class)
@DisplayName("HTTP console and ops API")
class HttpConsoleApiIT {

    private static final String NAMESPACES = "/nacos/v1/console/namespaces";

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());

    @Test
    @DisplayName("namespaces: create, list (public first, id shown empty), read, edit, delete")
    void namespaceLifecycle() {
        String id = "ns-" + UUID.randomUUID().toString().substring(0, 8);
        Answer created = http.call("POST", NAMESPACES, Map.of("customNamespaceId", id, "namespaceName", "Team",
                "namespaceDesc", "first"));
        assertEquals(200, created.status(), created::toString);
        assertEquals("true", created.body());

        JsonNode list = http.get(NAMESPACES, Map.of()).json();
        assertEquals(200, list.path("code").asInt());
        assertTrue(list.has("message") && list.path("message").isNull(), list::toString);
        JsonNode first = list.path("data").get(0);
        assertEquals("", first.path("namespace").asText());
        assertEquals("public", first.path("namespaceShowName").asText());
        assertEquals(0, first.path("type").asInt());
        JsonNode mine = find(list, id);
        assertEquals("Team", mine.path("namespaceShowName").asText());
        assertEquals("first", mine.path("namespaceDesc").asText());
        assertEquals(200, mine.path("quota").asInt());
        assertEquals(0, mine.path("configCount").asInt());
        assertEquals(2, mine.path("type").asInt());

        JsonNode one = http.get(NAMESPACES, Map.of("show", "all", "namespaceId", id)).json();
        assertEquals(id, one.path("namespace").asText());
        Answer edited = http.call("PUT", NAMESPACES, Map.of("namespace", id, "namespaceShowName", "Team 2",
                "namespaceDesc", "second"));
        assertEquals("true", edited.body(), edited::toString);
        assertEquals("Team 2", http.get(NAMESPACES, Map.of("show", "all", "namespaceId", id)).json()
                .path("namespaceShowName").asText());

        Answer deleted = http.call("DELETE", NAMESPACES, Map.of("namespaceId", id));
        assertEquals("true", deleted.body(), deleted::toString);
        assertEquals(404, http.get(NAMESPACES, Map.of("show", "all", "namespaceId", id)).status());
        // A client naming the deleted namespace in its own configuration still registers there, as in Nacos.
        Map<String, String> instance = Map.of("serviceName", "s", "ip", "10.3.0.1", "port", "1", "namespaceId", id);
        assertEquals(200, http.call("POST", "/nacos/v1/ns/instance", instance).status());
        assertEquals(List.of("10.3.0.1:1"), NacosHttp.endpoints(http.get("/nacos/v1/ns/instance/list",
                Map.of("serviceName", "s", "namespaceId", id)).json()));
        assertEquals(200, http.call("DELETE", "/nacos/v1/ns/instance", instance).status());
    }

    @Test
    @DisplayName("an instance registered in a created namespace is listed there and not in public")
    void namespaceIsolation() {
        String id = "iso-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(200, http.call("POST", NAMESPACES, Map.of("customNamespaceId", id, "namespaceName", id))
                .status());
        String grouped = "DEFAULT_GROUP@@" + NamingClients.uniqueName("isolated");
        Answer registered = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", grouped,
                "ip", "10.3.0.2", "port", "2", "namespaceId", id));
        assertEquals(200, registered.status(), registered::toString);

        assertEquals(List.of("10.3.0.2:2"), endpoints(http.get("/nacos/v1/ns/instance/list",
                Map.of("serviceName", grouped, "namespaceId", id)).json()));
        assertEquals(List.of(), endpoints(http.get("/nacos/v1/ns/instance/list",
                Map.of("serviceName", grouped, "namespaceId", "public")).json()));
        Answer notEmpty = http.call("DELETE", NAMESPACES, Map.of("namespaceId", id));
        assertEquals(400, notEmpty.status(), notEmpty::toString);
    }

    @Test
    @DisplayName("server state has Nacos's keys, the project version and status UP")
    void serverState() {
        Answer state = http.get("/nacos/v1/console/server/state", Map.of());
        assertEquals(200, state.status(), state::toString);
        JsonNode json = state.json();
        assertFalse(json.path("version").asText().isBlank(), state::toString);
        assertFalse(json.path("version").asText().contains("${"), state::toString);
        assertEquals("standalone", json.path("standalone_mode").asText());
        assertEquals("standalone", json.path("startup_mode").asText());
        assertEquals("UP", json.path("server_status").asText());
        assertEquals("false", json.path("auth_enabled").asText(), state::toString);
    }

    @Test
    @DisplayName("operator metrics say UP (also at /ops), with counts on onlyStatus=false")
    void metrics() {
        Answer status = http.get("/nacos/v1/ns/operator/metrics", Map.of());
        assertEquals(200, status.status(), status::toString);
        assertEquals("{\"status\":\"UP\"}", status.body());
        assertEquals("UP", http.get("/nacos/v1/ns/ops/metrics", Map.of()).json().path("status").asText());

        JsonNode full = http.get("/nacos/v1/ns/operator/metrics", Map.of("onlyStatus", "false")).json();
        for (String key : List.of("serviceCount", "instanceCount", "subscribeCount", "clientCount",
                "connectionBasedClientCount", "ephemeralIpPortClientCount", "cpu", "load", "mem")) {
            assertTrue(full.path(key).isNumber(), () -> key + " in " + full);
        }
    }

    @Test
    @DisplayName("operator servers lists this node UP; switches carry the beat interval and push settings")
    void serversAndSwitches() {
        JsonNode servers = http.get("/nacos/v1/ns/operator/servers", Map.of()).json().path("servers");
        assertEquals(1, servers.size(), servers::toString);
        assertEquals("UP", servers.get(0).path("state").asText());
        assertEquals(SharedServer.HTTP_PORT, servers.get(0).path("port").asInt());
        assertEquals(servers.get(0).path("ip").asText() + ":" + SharedServer.HTTP_PORT,
                servers.get(0).path("address").asText());

        JsonNode switches = http.get("/nacos/v1/ns/operator/switches", Map.of()).json();
        assertEquals(5000, switches.path("clientBeatInterval").asLong());
        assertTrue(switches.path("lightBeatEnabled").asBoolean(), switches::toString);
        assertEquals("0.1.0", switches.path("pushJavaVersion").asText());
    }

    private static JsonNode find(JsonNode list, String id) {
        for (JsonNode namespace : list.path("data")) {
            if (id.equals(namespace.path("namespace").asText())) {
                return namespace;
            }
        }
        throw new AssertionError(id + " not in " + list);
    }
}
