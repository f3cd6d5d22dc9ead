package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.jacos.it.support.RawNacosConnection.object;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seeded, reproducible fuzzing of the gRPC and HTTP transports on a server of its own. A known registry is set
 * up (two namespaces, ephemeral instances of a gRPC connection kept open, persistent instances at addresses
 * that answer their TCP check, service settings), then {@code jacos.fuzz.count} hostile inputs (default
 * 100,000: 70% gRPC payloads, 30% HTTP requests) from seed {@code jacos.fuzz.seed} are sent. Every reply must
 * be a well-formed refusal without leaks (see {@link GrpcRun}, {@link HttpRun}), the server must still be ready,
 * and the registry must be exactly as before: with the fuzz connections still open (subscriber counts aside,
 * since those connections subscribe) and again after they closed (subscriber counts included).
 */
class FuzzIT {

    private static final long SEED = Long.getLong("jacos.fuzz.seed", 20261201L);
    private static final long COUNT = Long.getLong("jacos.fuzz.count", 100_000L);
    private static final int CONNECTIONS = 4;

    private static JacosServer server;
    private static RawNacosConnection owner;

    @BeforeAll
    static void startServer() {
        server = new JacosServer("fuzz", SharedServer.ownServerPort(9), SharedServer.settingsUsed()).start();
    }

    @AfterAll
    static void stopServer() {
        if (owner != null) {
            owner.close();
        }
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void hostileInputIsRefusedCleanlyAndChangesNothing() throws Exception {
        System.out.println("FuzzIT: seed " + SEED + ", " + COUNT + " inputs (-Djacos.fuzz.seed, -Djacos.fuzz.count)");
        Known known = setUpKnownRegistry();
        Map<String, JsonNode> before = stableSnapshot(true);
        Map<String, JsonNode> beforeWithoutSubscribers = RegistrySnapshot.take(server.serverAddr(), false);

        Findings findings = new Findings();
        long grpcCount = COUNT * 7 / 10;
        List<RawNacosConnection> connections = new ArrayList<>();
        long started = System.nanoTime();
        try (RawNacosConnection unregistered = RawNacosConnection.withoutSetup(server.grpcPort())) {
            for (int i = 0; i < CONNECTIONS; i++) {
                connections.add(RawNacosConnection.open(server.grpcPort()));
            }
            Thread grpc = new Thread(() -> {
                try {
                    new GrpcRun(new GrpcFuzz(SEED, known), connections, unregistered, findings).run(0, grpcCount);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (RuntimeException | Error e) {
                    findings.problem("grpc-runner", e.toString());
                }
            }, "fuzz-grpc");
            grpc.start();
            new HttpRun(new HttpFuzz(SEED, known), server.httpPort(), findings).run(0, COUNT - grpcCount);
            grpc.join();
            System.out.printf("FuzzIT: %d inputs in %.1f s; answers: %s%n", COUNT,
                    (System.nanoTime() - started) / 1e9, findings.outcomes());
            server.awaitReady();
            String changes = RegistrySnapshot.diff(beforeWithoutSubscribers,
                    RegistrySnapshot.take(server.serverAddr(), false));
            assertTrue(findings.clean() && changes.isEmpty(), "seed " + SEED + ": " + findings.report()
                    + "registry changes while the fuzz connections were open: " + changes);
        } finally {
            connections.forEach(RawNacosConnection::close);
        }
        await("registry as before once the fuzz connections closed").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertEquals(before, RegistrySnapshot.take(server.serverAddr(), true)));
    }

    /**
     * Two namespaces, each with two groups of two services: ephemeral instances of one gRPC connection (one by
     * InstanceRequest, two by BatchInstanceRequest), and in {@code public} persistent instances at the server's
     * own ports (so their TCP check keeps them healthy) with service settings set.
     */
    private static Known setUpKnownRegistry() {
        NacosHttp http = new NacosHttp(server.serverAddr());
        assertEquals(200, http.call("POST", "/nacos/v1/console/namespaces", Map.of("customNamespaceId", "fuzz-known",
                "namespaceName", "fuzz-known")).status());
        List<String> namespaces = List.of("public", "fuzz-known");
        List<String> groups = List.of("DEFAULT_GROUP", "fuzz-group");
        List<String> services = List.of("fuzz-a", "fuzz-b");
        owner = RawNacosConnection.open(server.grpcPort());
        for (String ns : namespaces) {
            for (String group : groups) {
                var one = object().put("namespace", ns).put("serviceName", "fuzz-a").put("groupName", group)
                        .put("type", "registerInstance").put("module", "naming");
                one.putObject("headers");
                one.set("instance", instance("10.0.0.1", 8080));
                assertEquals(200, owner.request("InstanceRequest", one).resultCode());
                var batch = object().put("namespace", ns).put("serviceName", "fuzz-b").put("groupName", group)
                        .put("type", "batchRegisterInstance").put("module", "naming");
                batch.putObject("headers");
                batch.putArray("instances").add(instance("10.0.0.1", 8080)).add(instance("10.0.0.2", 8081));
                assertEquals(200, owner.request("BatchInstanceRequest", batch).resultCode());
            }
        }
        for (int port : List.of(server.httpPort(), server.grpcPort())) {
            NacosHttp.Answer answer = http.call("POST", "/nacos/v2/ns/instance", Map.of("serviceName", "fuzz-p",
                    "ip", "127.0.0.1", "port", Integer.toString(port), "ephemeral", "false"));
            assertEquals(200, answer.status(), answer.toString());
        }
        NacosHttp.Answer settings = http.call("PUT", "/nacos/v1/ns/service", Map.of("serviceName", "fuzz-p",
                "protectThreshold", "0.25", "metadata", "{\"owner\":\"fuzz\"}"));
        assertEquals(200, settings.status(), settings.toString());
        return new Known(namespaces, groups, List.of("fuzz-a", "fuzz-b", "fuzz-p"), List.of("10.0.0.1", "10.0.0.2",
                "127.0.0.1"), List.of(8080, 8081, server.httpPort(), server.grpcPort()));
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode instance(String ip, int port) {
        var instance = object().put("ip", ip).put("port", port).put("weight", 1.0).put("healthy", true)
                .put("enabled", true).put("ephemeral", true).put("clusterName", "DEFAULT");
        instance.putObject("metadata").put("version", "1");
        return instance;
    }

    /** A snapshot once two in a row agree: the persistent instances' first checks have run. */
    private static Map<String, JsonNode> stableSnapshot(boolean withSubscribers) {
        List<Map<String, JsonNode>> last = new ArrayList<>();
        await("a stable registry before the run").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1))
                .until(() -> {
                    Map<String, JsonNode> now = RegistrySnapshot.take(server.serverAddr(), withSubscribers);
                    boolean same = !last.isEmpty() && last.get(last.size() - 1).equals(now)
                            && now.get("fuzz-known/services") != null;
                    last.add(now);
                    return same && allHealthy(now);
                });
        return last.get(last.size() - 1);
    }

    private static boolean allHealthy(Map<String, JsonNode> snapshot) {
        return !snapshot.toString().contains("\"healthy\":false");
    }
}
