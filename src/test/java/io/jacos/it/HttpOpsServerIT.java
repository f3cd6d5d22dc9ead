package io.jacos.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.jacos.it.support.V2Answers.assertFailure;
import static io.jacos.it.support.V2Answers.assertSuccess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server operations endpoints of Nacos 2.x's v2 API, in its envelope: naming switches (read, and a change of
 * the ones this server honours at run time, the rest refused by name), metrics, the cluster's nodes, the namespace
 * API and the Kubernetes probes; bad input of each answered with Nacos's status and code, changing nothing.
 */
@ExtendWith(SharedServer.class)
@DisplayName("HTTP ops API: switches, metrics, nodes, namespaces, probes")
class HttpOpsServerIT {

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());

    @Test
    @DisplayName("switches: read at v2 as at v1; clientBeatInterval changes the beat answer; others refused by name")
    void switches() {
        JsonNode switches = assertSuccess(http.get("/nacos/v2/ns/operator/switches", Map.of()));
        assertEquals("00-00---000-NACOS_SWITCH_DOMAIN-000---00-00", switches.path("name").asText());
        assertEquals(http.get("/nacos/v1/ns/operator/switches", Map.of()).json(), switches);
        assertEquals(switches, assertSuccess(http.get("/nacos/v2/ns/ops/switches", Map.of())));
        String interval = switches.path("clientBeatInterval").asText();
        try {
            assertEquals("ok", assertSuccess(put("clientBeatInterval", "4000")).asText());
            assertEquals(4000, assertSuccess(http.get("/nacos/v2/ns/operator/switches", Map.of()))
                    .path("clientBeatInterval").asInt());
            String name = NamingClients.uniqueName("opsbeat");
            Answer beat = http.call("PUT", "/nacos/v1/ns/instance/beat", Map.of("serviceName", name,
                    "beat", "{\"ip\":\"10.7.8.1\",\"port\":80,\"serviceName\":\"DEFAULT_GROUP@@" + name + "\"}"));
            assertEquals(4000, beat.json().path("clientBeatInterval").asInt(), beat::toString);
        } finally {
            assertSuccess(put("clientBeatInterval", interval));
        }

        String before = http.get("/nacos/v1/ns/operator/switches", Map.of()).body();
        Answer fixed = put("distroThreshold", "0.5");
        assertFailure(fixed, 400, 20002);
        assertTrue(fixed.json().path("data").asText().contains("distroThreshold"), fixed::toString);
        assertFailure(put("noSuchSwitch", "1"), 400, 20002);
        assertFailure(put("clientBeatInterval", "1"), 400, 20002);
        assertFailure(put("clientBeatInterval", "soon"), 400, 20002);
        assertFailure(put("lightBeatEnabled", "yes"), 400, 20002);
        assertFailure(http.call("PUT", "/nacos/v2/ns/operator/switches", Map.of(), Map.of("value", "1")), 400,
                10000);
        assertFailure(http.call("PUT", "/nacos/v2/ns/operator/switches", Map.of(), Map.of("entry",
                "lightBeatEnabled")), 400, 10000);
        assertEquals(before, http.get("/nacos/v1/ns/operator/switches", Map.of()).body());
    }

    @Test
    @DisplayName("metrics: status alone by default, the counts with onlyStatus=false; a bad flag 400")
    void metrics() {
        JsonNode status = assertSuccess(http.get("/nacos/v2/ns/operator/metrics", Map.of()));
        assertEquals(List.of("status"), fields(status));
        assertEquals("UP", status.path("status").asText());
        JsonNode full = assertSuccess(http.get("/nacos/v2/ns/operator/metrics", Map.of("onlyStatus", "false")));
        assertEquals(List.of("status", "serviceCount", "instanceCount", "subscribeCount", "clientCount",
                "connectionBasedClientCount", "ephemeralIpPortClientCount", "persistentIpPortClientCount",
                "responsibleClientCount", "cpu", "load", "mem"), fields(full));
        assertFailure(http.get("/nacos/v2/ns/operator/metrics", Map.of("onlyStatus", "perhaps")), 400, 20002);
    }

    @Test
    @DisplayName("cluster nodes: list (by address part and state), self; an unknown state 400")
    void nodes() {
        JsonNode self = assertSuccess(http.get("/nacos/v2/core/cluster/node/self", Map.of()));
        String address = self.path("address").asText();
        assertEquals(self.path("ip").asText() + ":" + self.path("port").asInt(), address);
        assertEquals("UP", self.path("state").asText());
        assertTrue(self.path("extendInfo").isObject(), self::toString);

        JsonNode all = assertSuccess(http.get("/nacos/v2/core/cluster/node/list", Map.of()));
        assertEquals(1, all.size(), all::toString);
        assertEquals(address, all.get(0).path("address").asText());
        assertEquals(1, assertSuccess(http.get("/nacos/v2/core/cluster/node/list", Map.of("state", "up"))).size());
        assertEquals(0, assertSuccess(http.get("/nacos/v2/core/cluster/node/list", Map.of("state", "DOWN"))).size());
        assertEquals(0, assertSuccess(http.get("/nacos/v2/core/cluster/node/list", Map.of("address", "no-such")))
                .size());
        assertFailure(http.get("/nacos/v2/core/cluster/node/list", Map.of("state", "SLEEPY")), 400, 23000);
    }

    @Test
    @DisplayName("namespaces: create, detail, list, update, delete in the envelope; bad input refused")
    void namespaces() {
        String id = "ops-" + NamingClients.uniqueName("ns").toLowerCase();
        assertTrue(assertSuccess(http.call("POST", "/nacos/v2/console/namespace", Map.of(), Map.of(
                "namespaceId", id, "namespaceName", "Ops", "namespaceDesc", "for ops"))).asBoolean());
        JsonNode detail = assertSuccess(http.get("/nacos/v2/console/namespace", Map.of("namespaceId", id)));
        assertEquals(id, detail.path("namespace").asText(), detail::toString);
        assertEquals("Ops", detail.path("namespaceShowName").asText());
        assertEquals("for ops", detail.path("namespaceDesc").asText());

        JsonNode list = assertSuccess(http.get("/nacos/v2/console/namespace/list", Map.of()));
        assertEquals("", list.get(0).path("namespace").asText(), list::toString);
        assertTrue(list.toString().contains("\"" + id + "\""), list::toString);

        assertTrue(assertSuccess(http.call("PUT", "/nacos/v2/console/namespace", Map.of(), Map.of(
                "namespaceId", id, "namespaceName", "Ops2"))).asBoolean());
        assertEquals("Ops2", assertSuccess(http.get("/nacos/v2/console/namespace", Map.of("namespaceId", id)))
                .path("namespaceShowName").asText());

        assertFailure(http.call("POST", "/nacos/v2/console/namespace", Map.of(), Map.of("namespaceId", id,
                "namespaceName", "again")), 400, 22002);
        assertFailure(http.call("POST", "/nacos/v2/console/namespace", Map.of(), Map.of("namespaceName", "x")),
                400, 10000);
        assertFailure(http.call("POST", "/nacos/v2/console/namespace", Map.of(), Map.of("namespaceId", "bad id!",
                "namespaceName", "x")), 400, 22000);
        assertFailure(http.call("PUT", "/nacos/v2/console/namespace", Map.of(), Map.of("namespaceId", id)), 400,
                10000);
        assertFailure(http.get("/nacos/v2/console/namespace", Map.of("namespaceId", id + "-none")), 404, 22001);

        assertTrue(assertSuccess(http.call("DELETE", "/nacos/v2/console/namespace", Map.of("namespaceId", id)))
                .asBoolean());
        assertFailure(http.get("/nacos/v2/console/namespace", Map.of("namespaceId", id)), 404, 22001);
        assertFailure(http.call("DELETE", "/nacos/v2/console/namespace", Map.of()), 400, 10000);
    }

    @Test
    @DisplayName("health probes at the v2 paths: ok in the envelope, no login needed")
    void probes() {
        assertEquals("ok", assertSuccess(http.get("/nacos/v2/console/health/liveness", Map.of())).asText());
        assertEquals("ok", assertSuccess(http.get("/nacos/v2/console/health/readiness", Map.of())).asText());
    }

    private Answer put(String entry, String value) {
        return http.call("PUT", "/nacos/v2/ns/operator/switches", Map.of(), Map.of("entry", entry, "value", value));
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        assertFalse(names.isEmpty(), node::toString);
        return names;
    }
}
