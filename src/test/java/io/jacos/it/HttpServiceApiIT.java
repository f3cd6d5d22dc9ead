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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.jacos.it.support.NacosHttp.endpoints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The v1 service API: create and update with settings (the protect threshold shows in the detail and changes
 * what lists return), delete (refused while instances remain), the service list with paging.
 */
@ExtendWith(SharedServer.class)
@DisplayName("HTTP v1 service API")
class HttpServiceApiIT {

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private String group;
    private String grouped;

    @BeforeEach
    void name() {
        group = NamingClients.uniqueName("HTTP_SVC");
        grouped = group + "@@" + NamingClients.uniqueName("svc");
    }

    @Test
    @DisplayName("create, detail, update and delete a service")
    void lifecycle() {
        Answer created = http.call("POST", "/nacos/v1/ns/service", Map.of("serviceName", grouped,
                "protectThreshold", "0.3", "metadata", "{\"team\":\"blue\"}", "selector", "{\"type\":\"none\"}"));
        assertEquals(200, created.status(), created::toString);
        assertEquals("ok", created.body());

        JsonNode detail = detail().json();
        assertEquals("public", detail.path("namespaceId").asText());
        assertEquals(group, detail.path("groupName").asText());
        assertEquals(grouped.substring(group.length() + 2), detail.path("name").asText());
        assertEquals(0.3, detail.path("protectThreshold").asDouble(), 1e-6);
        assertEquals("blue", detail.path("metadata").path("team").asText());
        assertEquals("none", detail.path("selector").path("type").asText());

        Answer updated = http.call("PUT", "/nacos/v1/ns/service", Map.of("serviceName", grouped,
                "protectThreshold", "0.7", "metadata", "team=green"));
        assertEquals(200, updated.status(), updated::toString);
        JsonNode after = detail().json();
        assertEquals(0.7, after.path("protectThreshold").asDouble(), 1e-6);
        assertEquals("green", after.path("metadata").path("team").asText());

        Answer deleted = http.call("DELETE", "/nacos/v1/ns/service", Map.of("serviceName", grouped));
        assertEquals(200, deleted.status(), deleted::toString);
        assertEquals("ok", deleted.body());
        assertEquals(400, detail().status());
    }

    @Test
    @DisplayName("creating an existing service, or reading, updating, deleting an unknown one, is a 400")
    void refusals() {
        assertEquals(200, http.call("POST", "/nacos/v1/ns/service", Map.of("serviceName", grouped)).status());
        Answer again = http.call("POST", "/nacos/v1/ns/service", Map.of("serviceName", grouped));
        assertEquals(400, again.status(), again::toString);
        assertTrue(again.body().contains("already exists"), again::toString);

        String unknown = group + "@@nothing";
        for (String method : List.of("GET", "DELETE")) {
            Answer answer = http.call(method, "/nacos/v1/ns/service", Map.of("serviceName", unknown));
            assertEquals(400, answer.status(), () -> method + " " + answer);
            assertTrue(answer.body().contains("not found"), answer::toString);
        }
        Answer update = http.call("PUT", "/nacos/v1/ns/service", Map.of("serviceName", unknown,
                "protectThreshold", "0.1"));
        assertEquals(400, update.status(), update::toString);
        Answer noThreshold = http.call("PUT", "/nacos/v1/ns/service", Map.of("serviceName", grouped));
        assertEquals(400, noThreshold.status(), noThreshold::toString);
        assertEquals("Param 'protectThreshold' is required.", noThreshold.body());
    }

    @Test
    @DisplayName("a service with instances cannot be deleted")
    void deleteRefusedWhileInstancesRemain() {
        register("10.2.0.1");
        Answer refused = http.call("DELETE", "/nacos/v1/ns/service", Map.of("serviceName", grouped));
        assertEquals(400, refused.status(), refused::toString);
        assertTrue(refused.body().contains("not empty"), refused::toString);
        assertEquals(List.of("10.2.0.1:1"), endpoints(list(false).json()));
    }

    @Test
    @DisplayName("the protect threshold returns every host as healthy once the healthy share falls to it")
    void protectThreshold() {
        register("10.2.0.2");
        register("10.2.0.3");
        markUnhealthy("10.2.0.2");
        // Half healthy, above the threshold 0: the list shows each host as it is.
        JsonNode plain = list(false).json();
        assertEquals(false, plain.path("reachProtectionThreshold").asBoolean(), plain::toString);
        assertEquals(List.of("10.2.0.2:false", "10.2.0.3:true"), health(plain));

        assertEquals(200, http.call("PUT", "/nacos/v1/ns/service", Map.of("serviceName", grouped,
                "protectThreshold", "0.6")).status());
        assertEquals(0.6, detail().json().path("protectThreshold").asDouble(), 1e-6);
        JsonNode protectedList = list(false).json();
        assertEquals(true, protectedList.path("reachProtectionThreshold").asBoolean(), protectedList::toString);
        assertEquals(List.of("10.2.0.2:true", "10.2.0.3:true"), health(protectedList));

        markUnhealthy("10.2.0.3");
        JsonNode allDown = list(false).json();
        assertEquals(true, allDown.path("reachProtectionThreshold").asBoolean(), allDown::toString);
        assertEquals(List.of("10.2.0.2:true", "10.2.0.3:true"), health(allDown));
    }

    @Test
    @DisplayName("the service list pages bare names of one group and counts them all")
    void serviceListPaging() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            names.add("paged-" + i);
            assertEquals(200, http.call("POST", "/nacos/v1/ns/service", Map.of("serviceName", "paged-" + i,
                    "groupName", group)).status());
        }
        List<String> seen = new ArrayList<>();
        for (int page = 1; page <= 3; page++) {
            Answer answer = http.get("/nacos/v1/ns/service/list", Map.of("pageNo", Integer.toString(page),
                    "pageSize", "2", "groupName", group, "namespaceId", "public"));
            assertEquals(200, answer.status(), answer::toString);
            assertEquals(5, answer.json().path("count").asInt(), answer::toString);
            answer.json().path("doms").forEach(n -> seen.add(n.asText()));
        }
        assertEquals(names, seen.stream().sorted().toList());
        Answer beyond = http.get("/nacos/v1/ns/service/list", Map.of("pageNo", "4", "pageSize", "2",
                "groupName", group));
        assertEquals(0, beyond.json().path("doms").size(), beyond::toString);
    }

    private static List<String> health(JsonNode serviceInfo) {
        return NacosHttp.hosts(serviceInfo).stream().map(h -> h.path("ip").asText() + ":"
                + h.path("healthy").asBoolean()).sorted().toList();
    }

    private Answer detail() {
        return http.get("/nacos/v1/ns/service", Map.of("serviceName", grouped, "namespaceId", "public"));
    }

    private void register(String ip) {
        Answer answer = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", grouped, "ip", ip,
                "port", "1", "ephemeral", "true"));
        assertEquals(200, answer.status(), answer::toString);
    }

    private void markUnhealthy(String ip) {
        Answer answer = http.call("PUT", "/nacos/v1/ns/health/instance", Map.of("serviceName", grouped, "ip", ip,
                "port", "1", "healthy", "false"));
        assertEquals(200, answer.status(), answer::toString);
    }

    private Answer list(boolean healthyOnly) {
        Map<String, String> params = new HashMap<>(Map.of("serviceName", grouped, "healthyOnly",
                Boolean.toString(healthyOnly)));
        return http.get("/nacos/v1/ns/instance/list", params);
    }
}
