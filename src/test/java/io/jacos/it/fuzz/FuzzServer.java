package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jacos.it.support.AuthUsers;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.SharedAuthServer;
import io.jacos.transport.grpc.proto.Payload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.jacos.it.support.RawNacosConnection.object;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A fuzz run's server with the known content the generators aim at: two namespaces, each with two groups of two
 * services of ephemeral instances (of one gRPC connection kept open: one by InstanceRequest, two by
 * BatchInstanceRequest), and in {@code public} persistent instances at the server's own ports (so their TCP check
 * keeps them healthy) with service settings set; in each namespace and group the {@link KnownConfigs}. With auth
 * on, also a user whose one grant is read and write in {@code fuzz-known}. The state a run must leave as it found
 * it is read as the admin sees it.
 */
final class FuzzServer implements AutoCloseable {

    static final String KNOWN_NAMESPACE = "fuzz-known";

    private final JacosServer server;
    private final Callers callers;
    private final Known known;
    private final RawNacosConnection owner;

    private FuzzServer(JacosServer server, Callers callers) {
        this.server = server;
        this.callers = callers;
        this.owner = RawNacosConnection.open(server.grpcPort());
        this.known = fill();
    }

    static FuzzServer authOff(JacosServer server) {
        return new FuzzServer(server, Callers.authOff());
    }

    /** Logs in as the admin, makes the known namespace and the user granted in it, and logs the user in. */
    static FuzzServer authOn(JacosServer server) {
        AuthUsers users = new AuthUsers(server.serverAddr(), SharedAuthServer.ADMIN_USER,
                SharedAuthServer.ADMIN_PASSWORD);
        NacosHttp http = new NacosHttp(server.serverAddr());
        createKnownNamespace(http, users.adminToken());
        users.createUser(Callers.USER, AuthFuzz.USER_PASSWORD, KNOWN_NAMESPACE, "rw");
        Callers callers = new Callers(users.adminToken(), Callers.USER, AuthUsers.login(http, Callers.USER,
                AuthFuzz.USER_PASSWORD));
        return new FuzzServer(server, callers);
    }

    JacosServer server() {
        return server;
    }

    Callers callers() {
        return callers;
    }

    Known known() {
        return known;
    }

    private Known fill() {
        NacosHttp http = new NacosHttp(server.serverAddr());
        if (!callers.authOn()) {
            createKnownNamespace(http, null);
        }
        List<String> namespaces = List.of("public", KNOWN_NAMESPACE);
        List<String> groups = List.of("DEFAULT_GROUP", "fuzz-group");
        for (String ns : namespaces) {
            for (String group : groups) {
                ObjectNode one = object().put("namespace", ns).put("serviceName", "fuzz-a").put("groupName", group)
                        .put("type", "registerInstance").put("module", "naming");
                one.putObject("headers");
                one.set("instance", instance("10.0.0.1", 8080));
                assertEquals(200, owner.request(asAdmin("InstanceRequest", one)).resultCode());
                ObjectNode batch = object().put("namespace", ns).put("serviceName", "fuzz-b").put("groupName", group)
                        .put("type", "batchRegisterInstance").put("module", "naming");
                batch.putObject("headers");
                batch.putArray("instances").add(instance("10.0.0.1", 8080)).add(instance("10.0.0.2", 8081));
                assertEquals(200, owner.request(asAdmin("BatchInstanceRequest", batch)).resultCode());
            }
        }
        for (int port : List.of(server.httpPort(), server.grpcPort())) {
            NacosHttp.Answer answer = http.call("POST", "/nacos/v2/ns/instance", asAdmin(Map.of("serviceName",
                    "fuzz-p", "ip", "127.0.0.1", "port", Integer.toString(port), "ephemeral", "false")));
            assertEquals(200, answer.status(), answer.toString());
        }
        NacosHttp.Answer settings = http.call("PUT", "/nacos/v1/ns/service", asAdmin(Map.of("serviceName", "fuzz-p",
                "protectThreshold", "0.25", "metadata", "{\"owner\":\"fuzz\"}")));
        assertEquals(200, settings.status(), settings.toString());
        KnownConfigs.publish(http, callers.adminToken(), namespaces, groups);
        return new Known(namespaces, groups, List.of("fuzz-a", "fuzz-b", "fuzz-p"), List.of("10.0.0.1", "10.0.0.2",
                "127.0.0.1"), List.of(8080, 8081, server.httpPort(), server.grpcPort()), KnownConfigs.DATA_IDS);
    }

    private static void createKnownNamespace(NacosHttp http, String adminToken) {
        Map<String, String> params = new HashMap<>(Map.of("customNamespaceId", KNOWN_NAMESPACE, "namespaceName",
                KNOWN_NAMESPACE));
        if (adminToken != null) {
            params.put("accessToken", adminToken);
        }
        assertEquals(200, http.call("POST", "/nacos/v1/console/namespaces", params).status());
    }

    private Payload asAdmin(String type, ObjectNode body) {
        Payload plain = RawNacosConnection.payload(type, body.toString());
        return callers.authOn() ? plain.toBuilder().setMetadata(plain.getMetadata().toBuilder()
                .putHeaders("accessToken", callers.adminToken())).build() : plain;
    }

    private Map<String, String> asAdmin(Map<String, String> params) {
        Map<String, String> all = new HashMap<>(params);
        if (callers.authOn()) {
            all.put("accessToken", callers.adminToken());
        }
        return all;
    }

    private static ObjectNode instance(String ip, int port) {
        ObjectNode instance = object().put("ip", ip).put("port", port).put("weight", 1.0).put("healthy", true)
                .put("enabled", true).put("ephemeral", true).put("clusterName", "DEFAULT");
        instance.putObject("metadata").put("version", "1");
        return instance;
    }

    /**
     * The registry and the configurations as the admin sees them ({@link RegistrySnapshot}, {@link ConfigSnapshot})
     * and, with auth on, the users, roles and grants. Subscribers and listeners are counted as asked.
     */
    Map<String, JsonNode> state(boolean withSubscribers) {
        Map<String, JsonNode> state = new TreeMap<>(RegistrySnapshot.take(server.serverAddr(), withSubscribers,
                callers.adminToken()));
        state.putAll(ConfigSnapshot.take(server.serverAddr(), withSubscribers, callers.adminToken()));
        if (callers.authOn()) {
            JsonHttp admin = new JsonHttp(server.serverAddr(), callers.adminToken());
            for (String part : new String[]{"users", "roles", "permissions"}) {
                NacosHttp.Answer answer = admin.get("/nacos/admin/" + part);
                assertEquals(200, answer.status(), answer.toString());
                state.put("auth/" + part, answer.data());
            }
        }
        return state;
    }

    /** The state once two in a row agree and every instance is healthy: the persistent instances' checks have run. */
    Map<String, JsonNode> stableState() {
        List<Map<String, JsonNode>> last = new ArrayList<>();
        await("a stable registry before the run").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1))
                .until(() -> {
                    Map<String, JsonNode> now = state(true);
                    boolean same = !last.isEmpty() && last.get(last.size() - 1).equals(now)
                            && now.get(KNOWN_NAMESPACE + "/services") != null;
                    last.add(now);
                    return same && !now.toString().contains("\"healthy\":false");
                });
        return last.get(last.size() - 1);
    }

    /** The gRPC connections the server has registered, as its readiness check counts them. */
    int connections() {
        JsonNode ready = new JsonHttp(server.serverAddr()).get("/health/ready").json();
        for (JsonNode check : ready.path("checks")) {
            if ("grpc".equals(check.path("name").asText())) {
                return check.path("data").path("connections").asInt(-1);
            }
        }
        return -1;
    }

    @Override
    public void close() {
        owner.close();
    }
}
