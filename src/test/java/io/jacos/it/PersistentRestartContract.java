package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.NamingClients;
import io.jacos.testing.ProbeTargets;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What must survive a restart of the server, whatever database is behind it: persistent instances registered
 * over gRPC (2.5.1) and HTTP with their metadata, service settings and cluster settings; and what must not: a
 * refused write. A subscriber that stays up through the restart is pushed the stored instances again.
 */
abstract class PersistentRestartContract {

    private NamingClients clients;

    /** The server under test, started; the test stops and starts it. */
    abstract JacosServer server();

    @AfterEach
    void closeClients() {
        if (clients != null) {
            clients.close();
        }
    }

    @Test
    void storedNamingSurvivesARestart() throws Exception {
        JacosServer server = server();
        clients = new NamingClients(server.serverAddr());
        NacosHttp http = new NacosHttp(server.serverAddr());
        String service = NamingClients.uniqueName("persist-restart");
        int grpcPort = ProbeTargets.closedPort();
        int httpPort = grpcPort + 1;
        NamingService provider = clients.open();
        provider.registerInstance(service, PersistentInstancesIT.persistent(grpcPort, Map.of("via", "grpc")));
        Answer viaHttp = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", "DEFAULT_GROUP@@" + service,
                "groupName", "DEFAULT_GROUP", "ip", "127.0.0.1", "port", Integer.toString(httpPort),
                "ephemeral", "false", "metadata", "{\"via\":\"http\"}", "weight", "2.5"));
        assertEquals(200, viaHttp.status(), viaHttp::toString);
        assertEquals(200, http.call("PUT", "/nacos/v1/ns/service", Map.of("serviceName", service,
                "protectThreshold", "0.25", "metadata", "{\"team\":\"storage\"}")).status());
        assertEquals(200, http.call("PUT", "/nacos/v1/ns/cluster", Map.of("serviceName", service,
                "clusterName", "DEFAULT", "healthChecker", "{\"type\":\"NONE\"}")).status());
        Answer refused = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", service,
                "ip", "127.0.0.1", "port", Integer.toString(httpPort + 1), "ephemeral", "true"));
        assertEquals(400, refused.status(), refused::toString);
        String namespace = NamingClients.uniqueName("ns");
        assertEquals(200, http.call("POST", "/nacos/v1/console/namespaces", Map.of("customNamespaceId", namespace,
                "namespaceName", "kept", "namespaceDesc", "a namespace the console made")).status());
        assertEquals(200, http.call("POST", "/nacos/v1/ns/instance", Map.of("namespaceId", namespace,
                "serviceName", service, "ip", "127.0.0.1", "port", Integer.toString(httpPort), "ephemeral", "false"))
                .status());
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        List<String> both = List.of("127.0.0.1:" + grpcPort, "127.0.0.1:" + httpPort);
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, both::equals);
        clients.shutDown(provider);

        server.stop();
        server.start();

        // A client that subscribes now is pushed what the database gave back, with every value.
        EventRecorder fresh = new EventRecorder();
        clients.open().subscribe(service, fresh);
        await().atMost(Waits.RECONNECT).until(fresh::lastEndpoints, both::equals);
        Map<String, Instance> shown = fresh.lastInstances().stream()
                .collect(Collectors.toMap(Instance::toInetAddr, i -> i));
        assertEquals("grpc", shown.get("127.0.0.1:" + grpcPort).getMetadata().get("via"));
        assertEquals("http", shown.get("127.0.0.1:" + httpPort).getMetadata().get("via"));
        assertEquals(2.5, shown.get("127.0.0.1:" + httpPort).getWeight());
        assertTrue(shown.values().stream().noneMatch(Instance::isEphemeral));
        // The subscriber that stayed up is subscribed again: the next change reaches it with the stored ones.
        int third = httpPort + 2;
        assertEquals(200, http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", service, "ip",
                "127.0.0.1", "port", Integer.toString(third), "ephemeral", "false")).status());
        List<String> all = List.of("127.0.0.1:" + grpcPort, "127.0.0.1:" + httpPort, "127.0.0.1:" + third);
        await().atMost(Waits.RECONNECT).until(listener::lastEndpoints, all::equals);
        // The console's namespace is known again, so the HTTP API serves what is stored in it.
        Answer inNamespace = http.get("/nacos/v1/ns/instance/list", Map.of("namespaceId", namespace,
                "serviceName", service));
        assertEquals(List.of("127.0.0.1:" + httpPort), NacosHttp.endpoints(inNamespace.json()), inNamespace::toString);
        Answer settings = http.get("/nacos/v1/ns/service", Map.of("serviceName", service));
        assertEquals(0.25, settings.json().get("protectThreshold").asDouble(), 1e-6, settings::toString);
        assertEquals("storage", settings.json().get("metadata").get("team").asText(), settings::toString);
        Answer clusters = http.get("/nacos/v1/ns/cluster/list", Map.of("serviceName", service));
        assertEquals("NONE", clusters.json().get(0).get("healthChecker").get("type").asText(), clusters::toString);
    }
}
