package io.jacos.it;

import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.NamingClients;
import io.jacos.testing.ProbeTargets;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.testing.ProbeTargets.StatusServer;
import io.jacos.testing.ProbeTargets.TcpListener;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Persistent instances ({@code ephemeral=false}) through the real 2.5.1 client and the HTTP API: they outlive
 * the connection that registered them, the server checks their health (TCP, HTTP) and pushes every change.
 * Every instance here is on 127.0.0.1, since the server really connects to it.
 */
@ExtendWith(SharedServer.class)
@DisplayName("Persistent instances")
class PersistentInstancesIT {

    /** Checks fast enough for a test: every 300 ms, two failures to unhealthy, one success back. */
    static final String FAST_TCP = "{\"type\":\"TCP\",\"intervalMillis\":300,\"timeoutMillis\":500,"
            + "\"unhealthyThreshold\":2,\"healthyThreshold\":1}";

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());

    /** (service, port) of each instance registered over HTTP, deregistered after the test so no check outlives it. */
    private final List<String[]> registered = new java.util.ArrayList<>();

    @AfterEach
    void close() {
        clients.close();
        for (String[] instance : registered) {
            http.call("DELETE", "/nacos/v1/ns/instance", Map.of("serviceName", instance[0], "ip", "127.0.0.1",
                    "port", instance[1], "ephemeral", "false"));
        }
    }

    @Test
    @DisplayName("registered by a 2.5.1 client over gRPC, it stays when that client goes, until deregistered")
    void outlivesTheConnection() throws Exception {
        String service = NamingClients.uniqueName("persist-grpc");
        String marker = NamingClients.uniqueName("marker");
        NamingService provider = clients.open();
        provider.registerInstance(service, persistent(ProbeTargets.closedPort(), Map.of("role", "primary")));
        provider.registerInstance(marker, NamingClients.instance("127.0.0.1", 1));
        NamingService reader = clients.open();
        assertEquals(List.of(false), reader.getAllInstances(service, false).stream().map(Instance::isEphemeral).toList());
        assertEquals("primary", reader.getAllInstances(service, false).get(0).getMetadata().get("role"));

        clients.shutDown(provider);
        // The ephemeral marker going shows the server has handled the disconnect.
        await().atMost(Waits.EVICTION).until(() -> reader.getAllInstances(marker, false).isEmpty());
        Instance kept = reader.getAllInstances(service, false).get(0);

        reader.deregisterInstance(service, kept);
        await().atMost(Waits.PUSH).until(() -> reader.getAllInstances(service, false).isEmpty());
    }

    @Test
    @DisplayName("the setup acknowledgement tells 2.x/3.x clients to send persistent instances over gRPC")
    void setupAckAdvertisesPersistentInstances() {
        try (RawNacosConnection raw = RawNacosConnection.open(SharedServer.HTTP_PORT + 1000)) {
            assertTrue(raw.setupAck().path("abilityTable").path("supportPersistentInstanceByGrpc").asBoolean(),
                    () -> raw.setupAck().toString());
        }
    }

    @Test
    @DisplayName("a TCP listener keeps it healthy; closed, it turns unhealthy; reopened, healthy; each pushed")
    void tcpCheck() throws Exception {
        String service = NamingClients.uniqueName("persist-tcp");
        try (TcpListener listener = new TcpListener()) {
            register(service, listener.port());
            setCheck(service, "DEFAULT", FAST_TCP, Map.of());
            EventRecorder subscriber = subscribe(service);
            awaitHealth(subscriber, true);

            listener.close();
            awaitHealth(subscriber, false);

            listener.reopen();
            awaitHealth(subscriber, true);
        }
    }

    @Test
    @DisplayName("an HTTP check follows the status: 200 healthy, 500 unhealthy, 200 healthy again")
    void httpCheck() throws Exception {
        String service = NamingClients.uniqueName("persist-http");
        try (StatusServer target = new StatusServer()) {
            register(service, target.port());
            setCheck(service, "DEFAULT", "{\"type\":\"HTTP\",\"path\":\"/ready\",\"expectedResponseCode\":200,"
                    + "\"intervalMillis\":300,\"timeoutMillis\":1000,\"unhealthyThreshold\":2}", Map.of());
            EventRecorder subscriber = subscribe(service);
            await().atMost(Waits.PUSH).until(() -> target.requests() > 0);
            awaitHealth(subscriber, true);

            target.answer(500);
            awaitHealth(subscriber, false);

            target.answer(200);
            awaitHealth(subscriber, true);
        }
    }

    @Test
    @DisplayName("200 dead targets, refusing or timing out, don't hold up the checks of a live one")
    void deadTargetsDontStarveLiveOnes() throws Exception {
        String service = NamingClients.uniqueName("persist-dead");
        try (TcpListener live = new TcpListener(); ProbeTargets.Blackhole blackhole = new ProbeTargets.Blackhole()) {
            register(service, live.port(), "LIVE");
            for (int i = 0; i < 100; i++) {
                register(service, ProbeTargets.closedPort(), "REFUSED");
                register(service, 20_000 + i, "FROZEN");
            }
            setCheck(service, "LIVE", FAST_TCP, Map.of());
            setCheck(service, "REFUSED", FAST_TCP, Map.of());
            // Each frozen probe runs its full 3 s: checked one after another, a round would take 300 s.
            setCheck(service, "FROZEN", "{\"type\":\"TCP\",\"intervalMillis\":300,\"timeoutMillis\":3000,"
                    + "\"unhealthyThreshold\":1}", Map.of("checkPort", Integer.toString(blackhole.port()),
                    "useInstancePort4Check", "false"));
            NamingService reader = clients.open();
            await().atMost(Waits.PUSH).until(() -> reader.getAllInstances(service, false).stream()
                    .filter(Instance::isHealthy).map(Instance::getPort).toList(), List.of(live.port())::equals);

            live.close();
            await().atMost(Waits.PUSH).until(() -> reader.getAllInstances(service, false).stream()
                    .noneMatch(Instance::isHealthy));
            live.reopen();
            await().atMost(Waits.PUSH).until(() -> reader.getAllInstances(service, false).stream()
                    .filter(Instance::isHealthy).map(Instance::getPort).toList(), List.of(live.port())::equals);
        }
    }

    @Test
    @DisplayName("an operator's edits (enabled, weight, metadata) over v1 and v2 are pushed; health by hand is refused while checked")
    void operatorEdits() throws Exception {
        String service = NamingClients.uniqueName("persist-edit");
        try (TcpListener listener = new TcpListener()) {
            String port = Integer.toString(listener.port());
            register(service, listener.port());
            EventRecorder subscriber = subscribe(service);
            await().atMost(Waits.PUSH).until(() -> subscriber.lastInstances().size() == 1);

            Answer edited = http.call("PUT", "/nacos/v1/ns/instance", Map.of("serviceName", service, "ip",
                    "127.0.0.1", "port", port, "ephemeral", "false", "weight", "3", "metadata", "{\"k\":\"v\"}"));
            assertEquals(200, edited.status(), edited::toString);
            await().atMost(Waits.PUSH).until(() -> subscriber.lastInstances().size() == 1
                    && subscriber.lastInstances().get(0).getWeight() == 3.0
                    && Map.of("k", "v").equals(subscriber.lastInstances().get(0).getMetadata()));

            // A disabled instance is not served, as in Nacos; enabling it again over v2 brings it back.
            Answer disabled = http.call("PUT", "/nacos/v1/ns/instance", Map.of("serviceName", service, "ip",
                    "127.0.0.1", "port", port, "ephemeral", "false", "enabled", "false"));
            assertEquals(200, disabled.status(), disabled::toString);
            await().atMost(Waits.PUSH).until(() -> subscriber.lastInstances().isEmpty());
            Answer v2 = http.call("PUT", "/nacos/v2/ns/instance", Map.of("serviceName", service, "ip",
                    "127.0.0.1", "port", port, "ephemeral", "false", "enabled", "true", "weight", "2"));
            assertEquals(200, v2.status(), v2::toString);
            await().atMost(Waits.PUSH).until(() -> subscriber.lastInstances().size() == 1
                    && subscriber.lastInstances().get(0).isEnabled()
                    && subscriber.lastInstances().get(0).getWeight() == 2.0);

            Answer byHand = http.call("PUT", "/nacos/v1/ns/health", Map.of("serviceName", service, "ip",
                    "127.0.0.1", "port", port, "healthy", "false"));
            assertEquals(400, byHand.status(), byHand::toString);
            assertTrue(byHand.body().contains("health check is still working"), byHand::toString);
        }
    }

    @Test
    @DisplayName("a service keeps one kind: the other kind is refused over gRPC, v1 and v2, and nothing is written")
    void kindsDontMix() throws Exception {
        String persistentService = NamingClients.uniqueName("persist-kind");
        String ephemeralService = NamingClients.uniqueName("ephemeral-kind");
        int port = ProbeTargets.closedPort();
        register(persistentService, port);
        NamingService client = clients.open();
        client.registerInstance(ephemeralService, NamingClients.instance("127.0.0.1", port));

        NacosException grpcEphemeral = assertThrows(NacosException.class,
                () -> client.registerInstance(persistentService, NamingClients.instance("127.0.0.1", port + 1)));
        assertEquals(400, grpcEphemeral.getErrCode());
        assertTrue(grpcEphemeral.getErrMsg().contains("is persistent service"), grpcEphemeral::getErrMsg);
        NacosException grpcPersistent = assertThrows(NacosException.class,
                () -> client.registerInstance(ephemeralService, persistent(port + 1, Map.of())));
        assertEquals(400, grpcPersistent.getErrCode());
        assertTrue(grpcPersistent.getErrMsg().contains("is ephemeral service"), grpcPersistent::getErrMsg);

        for (String api : List.of("/nacos/v1/ns/instance", "/nacos/v2/ns/instance")) {
            Answer ephemeralIntoPersistent = http.call("POST", api, Map.of("serviceName", persistentService,
                    "ip", "127.0.0.1", "port", Integer.toString(port + 2), "ephemeral", "true"));
            assertEquals(400, ephemeralIntoPersistent.status(), ephemeralIntoPersistent::toString);
            assertTrue(ephemeralIntoPersistent.body().contains("is persistent service"), ephemeralIntoPersistent::toString);
            Answer persistentIntoEphemeral = http.call("POST", api, Map.of("serviceName", ephemeralService,
                    "ip", "127.0.0.1", "port", Integer.toString(port + 2), "ephemeral", "false"));
            assertEquals(400, persistentIntoEphemeral.status(), persistentIntoEphemeral::toString);
            assertTrue(persistentIntoEphemeral.body().contains("is ephemeral service"), persistentIntoEphemeral::toString);
        }

        assertEquals(List.of("127.0.0.1:" + port), NamingClients.endpoints(client.getAllInstances(persistentService, false)));
        assertEquals(List.of("127.0.0.1:" + port), NamingClients.endpoints(client.getAllInstances(ephemeralService, false)));
    }

    @Test
    @DisplayName("cluster settings: bad health checkers are refused with the parameter named")
    void clusterSettingsAreChecked() {
        String service = NamingClients.uniqueName("persist-cluster");
        Answer unknownService = http.call("PUT", "/nacos/v1/ns/cluster", Map.of("serviceName", service,
                "clusterName", "DEFAULT", "healthChecker", "{\"type\":\"TCP\"}"));
        assertEquals(400, unknownService.status(), unknownService::toString);
        assertTrue(unknownService.body().contains("not found"), unknownService::toString);
        register(service, ProbeTargets.closedPort());

        Map<String, String> refusals = Map.of(
                "{\"type\":\"MYSQL\"}", "Param 'type' is illegal",
                "{not json", "Param 'healthChecker' is illegal",
                "{\"type\":\"HTTP\",\"path\":\"no-slash\"}", "Param 'path' is illegal",
                "{\"type\":\"TCP\",\"unhealthyTreshold\":2}", "Param 'healthChecker' is illegal",
                "{\"type\":\"TCP\",\"intervalMillis\":1}", "Param 'intervalMillis' is illegal");
        refusals.forEach((bad, message) -> {
            Answer refused = http.call("PUT", "/nacos/v1/ns/cluster", Map.of("serviceName", service,
                    "clusterName", "DEFAULT", "healthChecker", bad));
            assertEquals(400, refused.status(), () -> bad + " -> " + refused);
            assertTrue(refused.body().contains(message), () -> bad + " -> " + refused);
        });
        Answer listed = http.get("/nacos/v1/ns/cluster/list", Map.of("serviceName", service));
        assertEquals("[]", listed.body(), listed::toString);
    }

    private void register(String service, int port) {
        register(service, port, "DEFAULT");
    }

    private void register(String service, int port, String cluster) {
        Answer answer = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", service, "ip",
                "127.0.0.1", "port", Integer.toString(port), "clusterName", cluster, "ephemeral", "false"));
        assertEquals(200, answer.status(), answer::toString);
        registered.add(new String[] {service, Integer.toString(port)});
    }

    private void setCheck(String service, String cluster, String healthChecker, Map<String, String> extra) {
        Map<String, String> params = new java.util.HashMap<>(Map.of("serviceName", service, "clusterName", cluster,
                "healthChecker", healthChecker));
        params.putAll(extra);
        Answer answer = http.call("PUT", "/nacos/v1/ns/cluster", params);
        assertEquals(200, answer.status(), answer::toString);
    }

    private EventRecorder subscribe(String service) throws NacosException {
        EventRecorder recorder = new EventRecorder();
        clients.open().subscribe(service, recorder);
        return recorder;
    }

    private static void awaitHealth(EventRecorder subscriber, boolean healthy) {
        await().atMost(Waits.PUSH).until(() -> subscriber.lastInstances().size() == 1
                && subscriber.lastInstances().get(0).isHealthy() == healthy);
    }

    static Instance persistent(int port, Map<String, String> metadata) {
        Instance instance = NamingClients.instance("127.0.0.1", port);
        instance.setEphemeral(false);
        instance.setMetadata(metadata);
        return instance;
    }
}
