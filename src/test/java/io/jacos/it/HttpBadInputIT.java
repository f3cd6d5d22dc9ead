package io.jacos.it;

import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input on the v1 HTTP API: a 400 with the reason as plain text (never a stack trace or an HTML page), and
 * the registry exactly as it was. Each refused call targets the instance already registered, so any partial
 * write would show in the list.
 */
@ExtendWith(SharedServer.class)
@DisplayName("HTTP v1 bad input")
class HttpBadInputIT {

    private static final String IP = "10.4.0.1";
    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private String grouped;

    @BeforeEach
    void registerOne() {
        grouped = "DEFAULT_GROUP@@" + NamingClients.uniqueName("bad-http");
        Answer answer = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", grouped, "ip", IP,
                "port", "1", "weight", "1.0", "metadata", "{\"k\":\"v\"}"));
        assertEquals(200, answer.status(), answer::toString);
    }

    static Stream<Arguments> badRegistrations() {
        return Stream.of(
                bad("ip missing", Map.of("ip", ""), "Param 'ip' is required."),
                bad("ip illegal", Map.of("ip", "not an ip"), "Param 'ip' is illegal"),
                bad("port missing", Map.of("port", ""), "Param 'port' is required."),
                bad("port not a number", Map.of("port", "abc"), "Param 'port' is illegal: 'abc'"),
                bad("port out of range", Map.of("port", "70000"), "Param 'port' is illegal"),
                bad("weight negative", Map.of("weight", "-1"), "Param 'weight' is illegal"),
                bad("weight not a number", Map.of("weight", "heavy"), "Param 'weight' is illegal"),
                bad("service name missing", Map.of("serviceName", ""), "Param 'serviceName' is required."),
                bad("service name without group", Map.of("serviceName", "@@svc"), "Param 'serviceName' is illegal"),
                bad("service name with space", Map.of("serviceName", "DEFAULT_GROUP@@a b"),
                        "Param 'serviceName' is illegal"),
                bad("group illegal", Map.of("serviceName", "bare", "groupName", "g r"), "Param 'groupName' is illegal"),
                bad("cluster illegal", Map.of("clusterName", "c 1"), "Param 'clusterName' is illegal"),
                bad("metadata malformed", Map.of("metadata", "k="), "Param 'metadata' is illegal"),
                bad("metadata malformed JSON", Map.of("metadata", "{\"k\":"), "Param 'metadata' is illegal"),
                bad("metadata too large", Map.of("metadata", "k=" + "x".repeat(1100)), "Param 'metadata' is illegal"),
                bad("healthy not a boolean", Map.of("healthy", "maybe"), "Param 'healthy' is illegal"),
                bad("ephemeral not a boolean", Map.of("ephemeral", "maybe"), "Param 'ephemeral' is illegal"),
                bad("namespace illegal", Map.of("namespaceId", "no such ns"), "Param 'namespace' is illegal"));
    }

    private static Arguments bad(String name, Map<String, String> change, String message) {
        return Arguments.of(name, change, message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRegistrations")
    @DisplayName("a refused register or update changes nothing")
    void refusedRegistration(String name, Map<String, String> change, String message) {
        String before = hosts();
        for (String method : new String[]{"POST", "PUT"}) {
            Map<String, String> params = new HashMap<>(Map.of("serviceName", grouped, "ip", IP, "port", "1",
                    "weight", "5.0", "metadata", "{\"k\":\"changed\"}"));
            params.putAll(change);
            assertRefused(http.call(method, "/nacos/v1/ns/instance", params), message);
        }
        assertEquals(before, hosts());
    }

    @Test
    @DisplayName("malformed beat JSON is a 400 and does not renew or register")
    void malformedBeat() {
        String before = hosts();
        assertRefused(http.call("PUT", "/nacos/v1/ns/instance/beat", Map.of("serviceName", grouped),
                Map.of("beat", "{\"ip\":\"10.4.0.2\",\"port\":")), "Param 'beat' is illegal");
        assertRefused(http.call("PUT", "/nacos/v1/ns/instance/beat", Map.of("serviceName", grouped),
                Map.of("beat", "{\"ip\":\"10.4.0.2\",\"port\":\"two\"}")), "Param 'beat' is illegal");
        assertEquals(before, hosts());
    }

    @Test
    @DisplayName("bad list, detail, deregister and service calls are 400s and change nothing")
    void otherRefusals() {
        String before = hosts();
        assertRefused(http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", grouped, "udpPort", "x")),
                "Param 'udpPort' is illegal");
        assertRefused(http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", grouped, "namespaceId", "no/pe")),
                "Param 'namespace' is illegal");
        assertRefused(http.get("/nacos/v1/ns/instance/list", Map.of()), "Param 'serviceName' is required.");
        assertRefused(http.get("/nacos/v1/ns/instance", Map.of("serviceName", grouped, "ip", IP)),
                "Param 'port' is required.");
        assertRefused(http.call("DELETE", "/nacos/v1/ns/instance", Map.of("serviceName", grouped, "ip", IP,
                "port", "70000", "ephemeral", "false")), "Param 'port' is illegal");
        assertRefused(http.call("PUT", "/nacos/v1/ns/service", Map.of("serviceName", grouped,
                "protectThreshold", "2")), "Param 'protectThreshold' is illegal");
        assertRefused(http.call("PUT", "/nacos/v1/ns/service", Map.of("serviceName", grouped,
                "protectThreshold", "0.5", "selector", "{not json")), "Param 'selector' is illegal");
        assertRefused(http.get("/nacos/v1/ns/service/list", Map.of("pageNo", "1")), "Param 'pageSize' is required.");
        assertRefused(http.call("POST", "/nacos/v1/console/namespaces", Map.of("customNamespaceId", "bad id!",
                "namespaceName", "x")), "Param 'namespace' is illegal");
        assertEquals(before, hosts());
        assertEquals(0.0, http.get("/nacos/v1/ns/service", Map.of("serviceName", grouped)).json()
                .path("protectThreshold").asDouble());
    }

    private static void assertRefused(Answer answer, String message) {
        assertEquals(400, answer.status(), answer::toString);
        assertTrue(answer.contentType().startsWith("text/plain"), answer::toString);
        assertTrue(answer.body().contains(message), () -> "expected '" + message + "' in " + answer);
        assertFalse(answer.body().contains("Exception") || answer.body().contains("<html"), answer::toString);
    }

    /** The service's hosts as the list returns them: the registry's state as clients see it. */
    private String hosts() {
        Answer list = http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", grouped));
        assertEquals(200, list.status(), list::toString);
        return list.json().path("hosts").toString();
    }
}
