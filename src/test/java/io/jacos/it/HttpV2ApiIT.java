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
 * The v2 open API: bare service name plus group, every answer in the {@code {code, message, data}} envelope,
 * failures with the HTTP status of the failure and the v2 error code.
 */
@ExtendWith(SharedServer.class)
@DisplayName("HTTP v2 API")
class HttpV2ApiIT {

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private String group;
    private String service;

    @BeforeEach
    void name() {
        group = NamingClients.uniqueName("V2");
        service = NamingClients.uniqueName("v2svc");
    }

    @Test
    @DisplayName("instance register, detail, list, update, deregister")
    void instances() {
        assertSuccess(call("POST", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.1", "port", "80",
                "weight", "2.0", "metadata", "{\"k\":\"v\"}")), "ok");

        JsonNode detail = assertSuccess(call("GET", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.1", "port", "80")),
                null);
        assertEquals(group + "@@" + service, detail.path("serviceName").asText());
        assertEquals(2.0, detail.path("weight").asDouble());
        assertEquals("v", detail.path("metadata").path("k").asText());

        JsonNode list = assertSuccess(call("GET", "/nacos/v2/ns/instance/list", Map.of()), null);
        assertEquals(group + "@@" + service, list.path("name").asText());
        assertEquals(group, list.path("groupName").asText());
        assertEquals(List.of("10.5.0.1:80"), endpoints(list));

        assertSuccess(call("PUT", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.1", "port", "80", "weight", "4.0")),
                "ok");
        assertEquals(4.0, assertSuccess(call("GET", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.1",
                "port", "80")), null).path("weight").asDouble());
        assertSuccess(call("DELETE", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.1", "port", "80")), "ok");
        assertEquals(List.of(), endpoints(assertSuccess(call("GET", "/nacos/v2/ns/instance/list", Map.of()), null)));
    }

    @Test
    @DisplayName("service create, detail, update, list, delete")
    void services() {
        assertSuccess(call("POST", "/nacos/v2/ns/service", Map.of("protectThreshold", "0.4", "metadata", "a=b")),
                "ok");
        JsonNode detail = assertSuccess(call("GET", "/nacos/v2/ns/service", Map.of()), null);
        assertEquals(service, detail.path("serviceName").asText());
        assertEquals(group, detail.path("groupName").asText());
        assertEquals("public", detail.path("namespace").asText());
        assertEquals(0.4, detail.path("protectThreshold").asDouble(), 1e-6);
        assertEquals("b", detail.path("metadata").path("a").asText());
        assertEquals("none", detail.path("selector").path("type").asText());

        assertSuccess(call("PUT", "/nacos/v2/ns/service", Map.of("protectThreshold", "0.8")), "ok");
        assertEquals(0.8, assertSuccess(call("GET", "/nacos/v2/ns/service", Map.of()), null)
                .path("protectThreshold").asDouble(), 1e-6);

        JsonNode list = assertSuccess(http.get("/nacos/v2/ns/service/list", Map.of("groupName", group)), null);
        assertEquals(1, list.path("count").asInt(), list::toString);
        assertEquals(service, list.path("services").get(0).asText());

        assertSuccess(call("DELETE", "/nacos/v2/ns/service", Map.of()), "ok");
        assertFailure(call("GET", "/nacos/v2/ns/service", Map.of()), 400, 21008);
    }

    @Test
    @DisplayName("failures carry the HTTP status and the v2 code, and change nothing")
    void failures() {
        assertSuccess(call("POST", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.2", "port", "1")), "ok");
        String before = call("GET", "/nacos/v2/ns/instance/list", Map.of()).json().path("data").path("hosts")
                .toString();

        assertFailure(http.call("POST", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.2", "port", "1")), 400,
                10000);
        assertFailure(call("POST", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.2")), 400, 10000);
        assertFailure(call("POST", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.2", "port", "1", "weight", "x")),
                400, 21001);
        assertFailure(call("POST", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.2", "port", "1",
                "metadata", "x")), 400, 21002);
        assertFailure(call("POST", "/nacos/v2/ns/instance", Map.of("ip", "bad ip", "port", "1")), 400, 21004);
        assertFailure(call("POST", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.2", "port", "1",
                "namespaceId", "no such ns")), 400, 22000);
        assertFailure(call("GET", "/nacos/v2/ns/instance", Map.of("ip", "10.5.0.9", "port", "1")), 404, 21003);
        assertFailure(call("POST", "/nacos/v2/ns/service", Map.of()), 400, 21007);
        assertFailure(call("DELETE", "/nacos/v2/ns/service", Map.of()), 400, 21009);

        assertEquals(before, call("GET", "/nacos/v2/ns/instance/list", Map.of()).json().path("data").path("hosts")
                .toString());
    }

    private Answer call(String method, String path, Map<String, String> extra) {
        Map<String, String> params = new HashMap<>(Map.of("serviceName", service, "groupName", group));
        params.putAll(extra);
        return http.call(method, path, params);
    }

    private static JsonNode assertSuccess(Answer answer, String data) {
        assertEquals(200, answer.status(), answer::toString);
        JsonNode json = answer.json();
        assertEquals(0, json.path("code").asInt(), answer::toString);
        assertEquals("success", json.path("message").asText(), answer::toString);
        if (data != null) {
            assertEquals(data, json.path("data").asText(), answer::toString);
        }
        return json.path("data");
    }

    private static void assertFailure(Answer answer, int status, int code) {
        assertEquals(status, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith("application/json"), answer::toString);
        assertEquals(code, answer.json().path("code").asInt(), answer::toString);
        assertTrue(!answer.json().path("message").asText().isBlank(), answer::toString);
        assertTrue(!answer.json().path("data").asText().isBlank(), answer::toString);
    }
}
