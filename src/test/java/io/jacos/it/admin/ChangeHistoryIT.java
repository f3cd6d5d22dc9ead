package io.jacos.it.admin;

import com.alibaba.nacos.api.naming.NamingService;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.ClientProcess;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Why an instance came and went, as {@code /nacos/admin/services/{group}/{service}/history} tells it. */
@ExtendWith(SharedServer.class)
@DisplayName("Change history per service")
class ChangeHistoryIT {

    private static final String GROUP = "DEFAULT_GROUP";
    private static final String CONNECTION_ID = "\\d+_127\\.0\\.0\\.1_\\d+";

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final List<ClientProcess> processes = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        processes.forEach(ClientProcess::close);
        clients.close();
    }

    @Test
    @DisplayName("a 2.x client's register and deregister, by its connection id, newest first")
    void registerAndDeregister() throws Exception {
        String service = NamingClients.uniqueName("history");
        NamingService naming = clients.open();
        naming.registerInstance(service, instance("127.0.0.51", 7001));
        naming.deregisterInstance(service, instance("127.0.0.51", 7001));

        List<JsonNode> entries = awaitEntries(service, 2);
        assertEquals(List.of("DEREGISTERED", "REGISTERED"), field(entries, "type"));
        assertEquals(List.of("127.0.0.51:7001", "127.0.0.51:7001"), field(entries, "instance"));
        assertEquals(List.of("CLIENT_REQUEST", "CLIENT_REQUEST"), field(entries, "cause"));
        assertEquals("client request", entries.get(0).path("causeText").asText());
        assertTrue(entries.get(0).path("actor").asText().matches(CONNECTION_ID), entries::toString);
        assertEquals(entries.get(0).path("actor"), entries.get(1).path("actor"));
        assertTrue(entries.get(0).path("time").asLong() >= entries.get(1).path("time").asLong());
        assertEquals(1, history(service, Map.of("limit", "1")).json().path("data").size());
    }

    @Test
    @DisplayName("kill -9 of a client: its instance goes with cause 'connection closed' and its connection id")
    void killedClient() {
        String service = NamingClients.uniqueName("history-killed");
        ClientProcess provider = ClientProcess.register(SharedServer.serverAddr(), service, "127.0.0.52", 7002);
        processes.add(provider);
        String actor = awaitEntries(service, 1).get(0).path("actor").asText();

        provider.kill();

        List<JsonNode> entries = awaitEntries(service, 2);
        JsonNode gone = entries.get(0);
        assertEquals("DEREGISTERED", gone.path("type").asText(), entries::toString);
        assertEquals("CONNECTION_CLOSED", gone.path("cause").asText());
        assertEquals("connection closed", gone.path("causeText").asText());
        assertEquals(actor, gone.path("actor").asText(), "the connection that registered it");
        assertTrue(actor.matches(CONNECTION_ID), actor);
    }

    @Test
    @DisplayName("a frozen client: its instance goes with cause 'connection probe failed'")
    void frozenClient() {
        String service = NamingClients.uniqueName("history-frozen");
        ClientProcess provider = ClientProcess.register(SharedServer.serverAddr(), service, "127.0.0.54", 7004);
        processes.add(provider);
        String actor = awaitEntries(service, 1).get(0).path("actor").asText();

        provider.freeze();

        JsonNode gone = awaitEntries(service, 2).get(0);
        assertEquals("DEREGISTERED", gone.path("type").asText(), gone::toString);
        assertEquals("CONNECTION_PROBE_FAILED", gone.path("cause").asText(), gone::toString);
        assertEquals(actor, gone.path("actor").asText());
    }

    @Test
    @DisplayName("a 1.x instance that stops beating: unhealthy, then removed, both 'beat expired' by its ip:port")
    void beatsStop() {
        String service = NamingClients.uniqueName("history-beats");
        Answer registered = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", service,
                "ip", "127.0.0.53", "port", "7003", "metadata", "{\"preserved.heart.beat.interval\":\"500\","
                        + "\"preserved.heart.beat.timeout\":\"1000\",\"preserved.ip.delete.timeout\":\"3000\"}"));
        assertEquals(200, registered.status(), registered::toString);

        List<JsonNode> entries = awaitEntries(service, 3);
        assertEquals(List.of("DEREGISTERED", "HEALTH_CHANGED", "REGISTERED"), field(entries, "type"));
        assertEquals(List.of("BEAT_EXPIRED", "BEAT_EXPIRED", "CLIENT_REQUEST"), field(entries, "cause"));
        assertEquals(List.of("127.0.0.53:7003", "127.0.0.53:7003", "127.0.0.53:7003"), field(entries, "actor"));
        assertEquals("healthy → unhealthy", entries.get(1).path("detail").asText());
    }

    @Test
    @DisplayName("unknown namespace, unknown service and a bad limit are refused with a JSON error")
    void badInput() {
        Answer namespace = history("nope", Map.of("namespaceId", "no-such-namespace"));
        assertTrue(namespace.status() >= 400 && namespace.status() < 500, namespace::toString);
        assertEquals(22001, namespace.json().path("code").asInt(), namespace::toString);

        Answer service = history(NamingClients.uniqueName("never"), Map.of());
        assertTrue(service.status() >= 400 && service.status() < 500, service::toString);
        assertEquals(21008, service.json().path("code").asInt(), service::toString);

        Answer limit = history("x", Map.of("limit", "0"));
        assertEquals(400, limit.status(), limit::toString);
        assertTrue(limit.json().path("data").asText().contains("limit"), limit::toString);
    }

    private List<JsonNode> awaitEntries(String service, int count) {
        List<List<JsonNode>> last = new ArrayList<>();
        await().atMost(Waits.EVICTION.plus(Duration.ofSeconds(10))).untilAsserted(() -> {
            Answer answer = history(service, Map.of());
            assertEquals(200, answer.status(), answer::toString);
            List<JsonNode> entries = StreamSupport.stream(answer.json().path("data").spliterator(), false).toList();
            last.clear();
            last.add(entries);
            assertEquals(count, entries.size(), entries::toString);
        });
        return last.get(0);
    }

    private Answer history(String service, Map<String, String> query) {
        return http.call("GET", "/nacos/admin/services/" + GROUP + "/" + service + "/history", query);
    }

    private static List<String> field(List<JsonNode> entries, String name) {
        return entries.stream().map(e -> e.path(name).asText()).toList();
    }
}
