package io.jacos.it.auth;

import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.SharedAuthServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The operations endpoints with auth on, as Nacos guards them and no weaker: naming reads and writes need the grant
 * of the namespace they name, the client queries and a switch change an admin, the switches, metrics, nodes and the
 * namespace list a login, namespace changes an admin, and the probes nothing. A user granted another namespace gets
 * 403 and changes nothing.
 */
@ExtendWith(SharedAuthServer.class)
@DisplayName("Auth: operations endpoints")
class OpsAccessIT {

    private static final String PASSWORD = "ops-Pass-4417";

    private static JacosServer server;
    private static Intruder intruder;
    private final NacosHttp http = new NacosHttp(SharedAuthServer.serverAddr());

    @RegisterExtension
    static final BeforeAllCallback SERVER = context -> server = SharedAuthServer.server(context);

    @BeforeAll
    static void setUp() {
        intruder = Intruder.on(server.httpPort(), "ops", PASSWORD);
    }

    @Test
    @DisplayName("naming reads and writes: the namespace's grant; another namespace's user refused, nothing changed")
    void namingNeedsTheNamespaceGrant() {
        String admin = intruder.users().adminToken();
        Map<String, String> secretService = Map.of("namespaceId", intruder.secret(), "serviceName",
                intruder.service());
        String metadataBefore = instances(admin).body();
        for (String path : List.of("/nacos/v1/ns/catalog/services", "/nacos/v1/ns/catalog/service",
                "/nacos/v1/ns/service/subscribers")) {
            assertEquals(403, get(path, secretService, intruder.token()).status(), path);
            assertEquals(200, get(path, secretService, admin).status(), path);
        }
        Map<String, String> cluster = with(secretService, "clusterName", "DEFAULT", "pageNo", "1", "pageSize", "10");
        assertEquals(403, get("/nacos/v1/ns/catalog/instances", cluster, intruder.token()).status());
        assertEquals(200, get("/nacos/v1/ns/catalog/instances", cluster, admin).status());
        assertEquals(200, get("/nacos/v1/ns/catalog/services", Map.of("namespaceId", intruder.own()),
                intruder.token()).status());

        Map<String, String> batch = with(secretService, "metadata", "{\"owned\":\"bob\"}");
        assertEquals(403, write("PUT", "/nacos/v2/ns/instance/metadata/batch", batch, intruder.token()).status());
        assertEquals(403, write("PUT", "/nacos/v2/ns/health/instance", with(secretService, "ip", "127.0.0.1",
                "port", Integer.toString(server.httpPort()), "healthy", "false"), intruder.token()).status());
        assertRefusedAnonymous(write("PUT", "/nacos/v2/ns/instance/metadata/batch", batch, null));
        assertEquals(metadataBefore, instances(admin).body());
        Answer own = write("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of("namespaceId", intruder.own(),
                "serviceName", intruder.service(), "metadata", "{\"a\":\"b\"}"), intruder.token());
        assertEquals(21008, own.json().path("code").asInt(), own::toString);
    }

    @Test
    @DisplayName("client queries and a switch change: an admin only; switches, metrics, nodes: any login")
    void adminAndIdentityRoutes() {
        String admin = intruder.users().adminToken();
        for (String path : List.of("/nacos/v2/ns/client/list", "/nacos/v2/ns/client",
                "/nacos/v2/ns/client/publish/list", "/nacos/v2/ns/client/subscribe/list",
                "/nacos/v2/ns/client/service/publisher/list", "/nacos/v2/ns/client/service/subscriber/list")) {
            assertEquals(403, get(path, Map.of("clientId", "x", "serviceName", "s"), intruder.token()).status(),
                    path);
        }
        assertEquals(200, get("/nacos/v2/ns/client/list", Map.of(), admin).status());

        String switches = get("/nacos/v2/ns/operator/switches", Map.of(), admin).body();
        Map<String, String> change = Map.of("entry", "lightBeatEnabled", "value", "false");
        assertEquals(403, write("PUT", "/nacos/v2/ns/operator/switches", change, intruder.token()).status());
        assertRefusedAnonymous(write("PUT", "/nacos/v2/ns/operator/switches", change, null));
        assertEquals(switches, get("/nacos/v2/ns/operator/switches", Map.of(), admin).body());

        for (String path : List.of("/nacos/v2/ns/operator/switches", "/nacos/v2/ns/operator/metrics",
                "/nacos/v2/core/cluster/node/list", "/nacos/v2/core/cluster/node/self",
                "/nacos/v2/console/namespace/list")) {
            assertEquals(200, get(path, Map.of(), intruder.token()).status(), path);
            assertRefusedAnonymous(get(path, Map.of(), null));
        }
    }

    @Test
    @DisplayName("namespaces: the list shows a user only its own; changes need an admin; probes need nothing")
    void namespacesAndProbes() {
        String listed = get("/nacos/v2/console/namespace/list", Map.of(), intruder.token()).body();
        assertTrue(listed.contains(intruder.own()), listed);
        assertFalse(listed.contains(intruder.secret()), listed);

        Map<String, String> namespace = Map.of("namespaceId", intruder.secret(), "namespaceName", "taken");
        assertEquals(403, get("/nacos/v2/console/namespace", namespace, intruder.token()).status());
        for (String method : List.of("POST", "PUT", "DELETE")) {
            assertEquals(403, write(method, "/nacos/v2/console/namespace", namespace, intruder.token()).status(),
                    method);
        }
        assertEquals(intruder.secret(), get("/nacos/v2/console/namespace", namespace,
                intruder.users().adminToken()).data().path("namespace").asText());
        assertEquals(200, get("/nacos/v2/console/health/liveness", Map.of(), null).status());
        assertEquals(200, get("/nacos/v2/console/health/readiness", Map.of(), null).status());
    }

    private Answer instances(String token) {
        return get("/nacos/v1/ns/instance/list", Map.of("namespaceId", intruder.secret(), "serviceName",
                intruder.service()), token);
    }

    private Answer get(String path, Map<String, String> params, String token) {
        return http.call("GET", path, withToken(params, token));
    }

    /** Parameters in the query, as Nacos's tools send them on every method. */
    private Answer write(String method, String path, Map<String, String> params, String token) {
        return http.call(method, path, withToken(params, token));
    }

    private static Map<String, String> withToken(Map<String, String> params, String token) {
        return token == null ? params : with(params, "accessToken", token);
    }

    private static Map<String, String> with(Map<String, String> params, String... more) {
        Map<String, String> all = new HashMap<>(params);
        for (int i = 0; i < more.length; i += 2) {
            all.put(more[i], more[i + 1]);
        }
        return all;
    }

    private static void assertRefusedAnonymous(Answer answer) {
        assertTrue(answer.status() == 401 || answer.status() == 403, answer::toString);
    }
}
