package io.jacos.it.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.testing.ProbeTargets;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.jacos.it.admin.AdminHttp.json;
import static io.jacos.it.admin.AdminHttp.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * An operator's edit of a persistent instance is stored: the v1 API shows it at once, and the server gives it
 * back from its database after a restart. A server of its own, since the test restarts it.
 */
@DisplayName("Admin API: a persistent instance's edit is stored")
class AdminPersistentEditIT {

    private static JacosServer server;

    @BeforeAll
    static void startOwnServer() {
        server = new JacosServer("admin-persist", SharedServer.ownServerPort(7), SharedServer.settingsUsed()).start();
    }

    @AfterAll
    static void stopOwnServer() {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void persistentEditSurvivesARestart() {
        NacosHttp http = new NacosHttp(server.serverAddr());
        AdminHttp admin = new AdminHttp(server.serverAddr());
        String service = NamingClients.uniqueName("adm-persist");
        String port = Integer.toString(ProbeTargets.closedPort());
        String instances = path("DEFAULT_GROUP", service) + "/instances";
        NacosHttp.Answer registered = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", service,
                "ip", "127.0.0.1", "port", port, "ephemeral", "false", "weight", "1", "metadata", "{\"a\":\"1\"}"));
        assertEquals(200, registered.status(), registered::toString);

        JsonNode edited = admin.call("PUT", instances, Map.of("ip", "127.0.0.1", "port", port),
                json(Map.of("weight", 3.5, "metadata", Map.of("k", "v")))).data();
        assertEquals(3.5, edited.path("weight").asDouble(), edited::toString);
        assertFalse(edited.path("ephemeral").asBoolean());
        assertEquals("127.0.0.1:" + port + "#false", edited.path("client").asText());
        assertEquals(List.of("3.5 v"), listed(http, service));

        // A refused edit of a persistent instance changes nothing, in memory or in the store.
        admin.call("PUT", instances, Map.of("ip", "127.0.0.1", "port", port), "{\"weight\":10001}").refused(400, 21001);
        assertEquals(List.of("3.5 v"), listed(http, service));

        server.stop();
        server.start();

        assertEquals(List.of("3.5 v"), listed(http, service));
        JsonNode shown = admin.get(instances, Map.of()).data().get(0);
        assertEquals(3.5, shown.path("weight").asDouble(), shown::toString);
        assertEquals(Map.of("k", "v"), Map.of("k", shown.path("metadata").path("k").asText()));
        assertEquals(1, shown.path("metadata").size(), shown::toString);
    }

    /** Each host of the v1 list as "weight metadata.k". */
    private static List<String> listed(NacosHttp http, String service) {
        NacosHttp.Answer list = http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", service,
                "healthyOnly", "false"));
        assertEquals(200, list.status(), list::toString);
        return NacosHttp.hosts(list.json()).stream()
                .map(h -> h.path("weight").asDouble() + " " + h.path("metadata").path("k").asText()).toList();
    }
}
