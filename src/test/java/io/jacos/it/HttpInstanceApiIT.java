package io.jacos.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.jacos.it.support.NacosHttp.endpoints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The v1 instance API exactly as nacos-client 1.4.6 calls it: register, list, detail, update, beats, manual
 * health and deregister, with the answers' exact shapes.
 */
@ExtendWith(SharedServer.class)
@DisplayName("HTTP v1 instance API")
class HttpInstanceApiIT {

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private String grouped;

    @BeforeEach
    void name() {
        grouped = "DEFAULT_GROUP@@" + NamingClients.uniqueName("http-inst");
    }

    @Test
    @DisplayName("a registered instance is listed with exactly the values it was registered with")
    void registerThenList() {
        Answer registered = register("10.1.0.1", 8080, Map.of("weight", "2.5", "clusterName", "c1",
                "metadata", "{\"zone\":\"a\"}"));
        assertEquals(200, registered.status(), registered::toString);
        assertEquals("ok", registered.body());
        assertTrue(registered.contentType().startsWith("text/plain"), registered::toString);

        Answer list = list(Map.of("clusters", "", "udpPort", "0", "healthyOnly", "false"));
        assertEquals(200, list.status(), list::toString);
        JsonNode info = list.json();
        assertEquals(grouped, info.path("name").asText());
        assertEquals("DEFAULT_GROUP", info.path("groupName").asText());
        assertEquals("", info.path("clusters").asText());
        assertEquals(10000, info.path("cacheMillis").asLong());
        assertTrue(info.path("lastRefTime").asLong() > 0, list::toString);
        assertEquals(false, info.path("reachProtectionThreshold").asBoolean());
        JsonNode host = NacosHttp.hosts(info).get(0);
        assertEquals(1, NacosHttp.hosts(info).size(), list::toString);
        assertEquals("10.1.0.1#8080#c1#" + grouped, host.path("instanceId").asText());
        assertEquals("10.1.0.1", host.path("ip").asText());
        assertEquals(8080, host.path("port").asInt());
        assertEquals(2.5, host.path("weight").asDouble());
        assertEquals(true, host.path("healthy").asBoolean());
        assertEquals(true, host.path("enabled").asBoolean());
        assertEquals(true, host.path("ephemeral").asBoolean());
        assertEquals("c1", host.path("clusterName").asText());
        assertEquals(grouped, host.path("serviceName").asText());
        assertEquals("a", host.path("metadata").path("zone").asText());
        assertEquals(5000, host.path("instanceHeartBeatInterval").asLong());
    }

    @Test
    @DisplayName("the cluster filter is echoed and applied; a disabled instance is not listed")
    void clustersAndDisabled() {
        register("10.1.0.2", 1, Map.of("clusterName", "c1"));
        register("10.1.0.3", 1, Map.of("clusterName", "c2"));
        register("10.1.0.4", 1, Map.of("clusterName", "c2", "enable", "false"));

        JsonNode c2 = list(Map.of("clusters", "c2")).json();
        assertEquals("c2", c2.path("clusters").asText());
        assertEquals(List.of("10.1.0.3:1"), endpoints(c2));
        assertEquals(List.of("10.1.0.2:1", "10.1.0.3:1"), endpoints(list(Map.of()).json()));
    }

    @Test
    @DisplayName("detail shows the stored instance; update changes it and keeps the service")
    void detailAndUpdate() {
        register("10.1.0.5", 9000, Map.of("metadata", "k=v"));
        Answer detail = http.get("/nacos/v1/ns/instance", Map.of("serviceName", grouped, "ip", "10.1.0.5",
                "port", "9000"));
        assertEquals(200, detail.status(), detail::toString);
        JsonNode json = detail.json();
        assertEquals(grouped, json.path("service").asText());
        assertEquals("DEFAULT", json.path("clusterName").asText());
        assertEquals(1.0, json.path("weight").asDouble());
        assertEquals("10.1.0.5#9000#DEFAULT#" + grouped, json.path("instanceId").asText());
        assertEquals("v", json.path("metadata").path("k").asText());

        Answer updated = http.call("PUT", "/nacos/v1/ns/instance", Map.of("serviceName", grouped,
                "groupName", "DEFAULT_GROUP", "ip", "10.1.0.5", "port", "9000", "weight", "3.0", "enabled", "true",
                "metadata", "{\"k\":\"w\"}", "namespaceId", "public"));
        assertEquals(200, updated.status(), updated::toString);
        assertEquals("ok", updated.body());
        JsonNode after = http.get("/nacos/v1/ns/instance", Map.of("serviceName", grouped, "ip", "10.1.0.5",
                "port", "9000")).json();
        assertEquals(3.0, after.path("weight").asDouble());
        assertEquals("w", after.path("metadata").path("k").asText());
    }

    @Test
    @DisplayName("deregister removes the instance and answers ok, also when it was not there")
    void deregister() {
        register("10.1.0.6", 1, Map.of());
        Map<String, String> params = Map.of("serviceName", grouped, "ip", "10.1.0.6", "port", "1",
                "clusterName", "DEFAULT", "ephemeral", "true", "namespaceId", "public");

        Answer removed = http.call("DELETE", "/nacos/v1/ns/instance", params);
        assertEquals(200, removed.status(), removed::toString);
        assertEquals("ok", removed.body());
        assertEquals(List.of(), endpoints(list(Map.of()).json()));
        assertEquals(200, http.call("DELETE", "/nacos/v1/ns/instance", params).status());
    }

    @Test
    @DisplayName("beats: known 10200 with the interval, unknown light beat 20404, unknown full beat registers")
    void beats() {
        register("10.1.0.7", 7, Map.of("metadata", "{\"preserved.heart.beat.interval\":\"2000\"}"));

        JsonNode known = beat(Map.of("ip", "10.1.0.7", "port", "7"), Map.of()).json();
        assertEquals(10200, known.path("code").asInt());
        assertEquals(2000, known.path("clientBeatInterval").asLong());
        assertEquals(true, known.path("lightBeatEnabled").asBoolean());

        JsonNode unknownLight = beat(Map.of("ip", "10.1.0.8", "port", "8"), Map.of()).json();
        assertEquals(20404, unknownLight.path("code").asInt());
        assertEquals(5000, unknownLight.path("clientBeatInterval").asLong());

        String body = "{\"port\":9,\"ip\":\"10.1.0.9\",\"weight\":1.0,\"serviceName\":\"" + grouped + "\","
                + "\"cluster\":\"DEFAULT\",\"metadata\":{\"from\":\"beat\"},\"scheduled\":false,\"period\":5000,"
                + "\"stopped\":false}";
        Answer full = beat(Map.of(), Map.of("beat", body));
        assertEquals(200, full.status(), full::toString);
        assertEquals(10200, full.json().path("code").asInt());
        assertTrue(full.json().has("clientBeatInterval"), full::toString);
        assertEquals(List.of("10.1.0.7:7", "10.1.0.9:9"), endpoints(list(Map.of()).json()));
    }

    @Test
    @DisplayName("manual health marks an instance unhealthy; healthyOnly then leaves it out")
    void manualHealth() {
        register("10.1.0.10", 1, Map.of());
        register("10.1.0.11", 1, Map.of());

        Answer marked = http.call("PUT", "/nacos/v1/ns/health/instance", Map.of("serviceName", grouped,
                "ip", "10.1.0.10", "port", "1", "healthy", "false"));
        assertEquals(200, marked.status(), marked::toString);
        assertEquals("ok", marked.body());
        assertEquals(List.of("10.1.0.11:1"), endpoints(list(Map.of("healthyOnly", "true")).json()));
        Answer unknown = http.call("PUT", "/nacos/v1/ns/health/instance", Map.of("serviceName", grouped,
                "ip", "10.1.0.99", "port", "1", "healthy", "false"));
        assertEquals(404, unknown.status(), unknown::toString);
    }

    @Test
    @DisplayName("a namespace nobody created takes a 1.x client's register, beats, list, update and deregister")
    void namespaceNobodyCreated() {
        String namespace = NamingClients.uniqueName("fleet-ns");
        Map<String, String> in = Map.of("namespaceId", namespace);
        register("10.1.0.40", 7, in);
        Answer beat = beat(Map.of("namespaceId", namespace, "ip", "10.1.0.40", "port", "7"), Map.of());
        assertEquals(10200, beat.json().path("code").asInt(), beat::toString);
        assertEquals(List.of("10.1.0.40:7"), endpoints(list(in).json()));
        assertEquals(List.of(), endpoints(list(Map.of()).json()), "public holds nothing of it");
        Answer updated = http.call("PUT", "/nacos/v1/ns/instance", Map.of("namespaceId", namespace,
                "serviceName", grouped, "ip", "10.1.0.40", "port", "7", "weight", "3.0"));
        assertEquals(200, updated.status(), updated::toString);
        assertEquals(3.0, NacosHttp.hosts(list(in).json()).get(0).path("weight").asDouble());
        Answer services = http.get("/nacos/v1/ns/service/list", Map.of("namespaceId", namespace, "pageNo", "1",
                "pageSize", "10"));
        assertEquals(1, services.json().path("count").asInt(), services::toString);

        Answer gone = http.call("DELETE", "/nacos/v1/ns/instance", Map.of("namespaceId", namespace,
                "serviceName", grouped, "ip", "10.1.0.40", "port", "7", "ephemeral", "true"));
        assertEquals(200, gone.status(), gone::toString);
        assertEquals(List.of(), endpoints(list(in).json()));
    }

    private Answer register(String ip, int port, Map<String, String> extra) {
        Map<String, String> params = new HashMap<>(Map.of("serviceName", grouped, "groupName",
                "DEFAULT_GROUP", "ip", ip, "port", Integer.toString(port), "weight", "1.0", "enable", "true",
                "healthy", "true", "ephemeral", "true", "namespaceId", "public", "app", "unknown"));
        params.putAll(extra);
        Answer answer = http.call("POST", "/nacos/v1/ns/instance", params);
        assertEquals(200, answer.status(), answer::toString);
        return answer;
    }

    private Answer list(Map<String, String> extra) {
        Map<String, String> params = new HashMap<>(Map.of("serviceName", grouped, "namespaceId", "public",
                "clientIP", "127.0.0.1"));
        params.putAll(extra);
        return http.get("/nacos/v1/ns/instance/list", params);
    }

    private Answer beat(Map<String, String> query, Map<String, String> form) {
        Map<String, String> params = new HashMap<>(Map.of("serviceName", grouped, "namespaceId", "public",
                "clusterName", "DEFAULT"));
        params.putAll(query);
        return http.call("PUT", "/nacos/v1/ns/instance/beat", params, form);
    }
}
