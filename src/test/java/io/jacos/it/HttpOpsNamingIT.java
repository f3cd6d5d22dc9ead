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
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;

import static io.jacos.it.support.V2Answers.assertFailure;
import static io.jacos.it.support.V2Answers.assertSuccess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The naming operations endpoints Nacos 2.x's console and ops tools call, with the shapes they read: the v1 catalog
 * ({@code services}, {@code service}, {@code instances}), {@code /v1/ns/service/subscribers}, and in the v2 envelope
 * {@code /instance/metadata/batch}, {@code /health/instance} and the {@code /client} queries; bad input of each
 * answered with Nacos's status and code, changing nothing.
 */
@ExtendWith(SharedServer.class)
@DisplayName("HTTP ops API: catalog, subscribers, metadata batch, health, clients")
class HttpOpsNamingIT {

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private String group;
    private String service;

    @BeforeEach
    void name() {
        group = NamingClients.uniqueName("OPS");
        service = NamingClients.uniqueName("opssvc");
    }

    @Test
    @DisplayName("catalog: services (counts, withInstances, paging, filters), service, instances")
    void catalog() {
        register("10.7.0.1", 80, "A", Map.of());
        register("10.7.0.2", 80, "A", Map.of());
        register("10.7.0.3", 80, "B", Map.of());

        Answer services = v1("GET", "/nacos/v1/ns/catalog/services", Map.of("groupNameParam", group,
                "serviceNameParam", service, "pageNo", "1", "pageSize", "10"));
        assertEquals(200, services.status(), services::toString);
        assertEquals(1, services.json().path("count").asInt(), services::toString);
        JsonNode view = services.json().path("serviceList").get(0);
        assertEquals(service, view.path("name").asText());
        assertEquals(group, view.path("groupName").asText());
        assertEquals(2, view.path("clusterCount").asInt());
        assertEquals(3, view.path("ipCount").asInt());
        assertEquals(3, view.path("healthyInstanceCount").asInt());
        assertEquals("false", view.path("triggerFlag").asText());

        Answer detailed = v1("GET", "/nacos/v1/ns/catalog/services", Map.of("groupNameParam", group,
                "serviceNameParam", service, "withInstances", "true", "pageNo", "1", "pageSize", "10"));
        JsonNode one = detailed.json().get(0);
        assertEquals(service, one.path("serviceName").asText(), detailed::toString);
        assertEquals("public", one.path("namespace").asText());
        assertEquals(2, one.path("clusterMap").path("A").path("hosts").size());
        assertEquals("10.7.0.3", one.path("clusterMap").path("B").path("hosts").get(0).path("ip").asText());

        Answer page2 = v1("GET", "/nacos/v1/ns/catalog/services", Map.of("groupNameParam", group, "pageNo", "2",
                "pageSize", "1"));
        assertEquals(1, page2.json().path("count").asInt(), page2::toString);
        assertEquals(0, page2.json().path("serviceList").size());

        Answer detail = v1("GET", "/nacos/v1/ns/catalog/service", Map.of("serviceName", service,
                "groupName", group));
        assertEquals(200, detail.status(), detail::toString);
        assertEquals(service, detail.json().path("service").path("name").asText());
        assertEquals("none", detail.json().path("service").path("selector").path("type").asText());
        assertEquals(List.of("A", "B"), texts(detail.json().path("clusters"), "name"));
        assertEquals(group + "@@" + service, detail.json().path("clusters").get(0).path("serviceName").asText());

        Answer instances = v1("GET", "/nacos/v1/ns/catalog/instances", Map.of("serviceName", service,
                "groupName", group, "clusterName", "A", "pageNo", "1", "pageSize", "1"));
        assertEquals(200, instances.status(), instances::toString);
        assertEquals(2, instances.json().path("count").asInt());
        assertEquals(1, instances.json().path("list").size());
        JsonNode host = instances.json().path("list").get(0);
        assertEquals("A", host.path("clusterName").asText(), instances::toString);
        assertTrue(host.has("instanceId") && host.has("healthy") && host.has("metadata"), instances::toString);
    }

    @Test
    @DisplayName("catalog bad input: unknown service or cluster 404, page numbers below 1 and missing paging 400")
    void catalogBadInput() {
        register("10.7.1.1", 80, "A", Map.of());
        assertV1(v1("GET", "/nacos/v1/ns/catalog/service", Map.of("serviceName", service + "x", "groupName", group)),
                404);
        assertV1(v1("GET", "/nacos/v1/ns/catalog/instances", Map.of("serviceName", service, "groupName", group,
                "clusterName", "Z", "pageNo", "1", "pageSize", "10")), 404);
        assertV1(v1("GET", "/nacos/v1/ns/catalog/instances", Map.of("serviceName", service, "groupName", group,
                "clusterName", "A")), 400);
        assertV1(v1("GET", "/nacos/v1/ns/catalog/services", Map.of("pageNo", "0")), 400);
        assertV1(v1("GET", "/nacos/v1/ns/catalog/services", Map.of("pageSize", "x")), 400);
        assertV1(v1("GET", "/nacos/v1/ns/catalog/service", Map.of("groupName", group)), 400);
    }

    @Test
    @DisplayName("service subscribers: a 1.x poller with its UDP address, paged; unknown service none; bad page 400")
    void subscribers() {
        register("10.7.2.1", 80, "DEFAULT", Map.of());
        Answer poll = v1("GET", "/nacos/v1/ns/instance/list", Map.of("serviceName", group + "@@" + service,
                "clientIP", "127.0.0.1", "udpPort", "59991"));
        assertEquals(200, poll.status(), poll::toString);

        Answer answer = v1("GET", "/nacos/v1/ns/service/subscribers", Map.of("serviceName", service,
                "groupName", group));
        assertEquals(200, answer.status(), answer::toString);
        assertEquals(1, answer.json().path("count").asInt(), answer::toString);
        JsonNode subscriber = answer.json().path("subscribers").get(0);
        assertEquals("127.0.0.1:59991", subscriber.path("addrStr").asText());
        assertEquals("127.0.0.1", subscriber.path("ip").asText());
        assertEquals(59991, subscriber.path("port").asInt());
        assertEquals("public", subscriber.path("namespaceId").asText());
        assertEquals(group + "@@" + service, subscriber.path("serviceName").asText());

        Answer none = v1("GET", "/nacos/v1/ns/service/subscribers", Map.of("serviceName", service + "x",
                "groupName", group));
        assertEquals(0, none.json().path("count").asInt(), none::toString);
        assertV1(v1("GET", "/nacos/v1/ns/service/subscribers", Map.of("serviceName", service, "groupName", group,
                "pageNo", "-1")), 400);
        assertV1(v1("GET", "/nacos/v1/ns/service/subscribers", Map.of("groupName", group)), 400);
    }

    @Test
    @DisplayName("metadata batch: PUT adds to the named instances, DELETE removes keys, all-or-none")
    void metadataBatch() {
        register("10.7.3.1", 80, "DEFAULT", Map.of("keep", "1"));
        register("10.7.3.2", 80, "DEFAULT", Map.of("keep", "2"));
        String first = "[{\"ip\":\"10.7.3.1\",\"port\":80,\"clusterName\":\"DEFAULT\"}]";

        JsonNode added = assertSuccess(v2("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of(
                "instances", first, "metadata", "{\"zone\":\"z1\"}")));
        assertEquals(List.of("10.7.3.1:80:unknown:DEFAULT:persist"), texts(added.path("updated"), null));
        assertEquals("z1", metadataOf("10.7.3.1").path("zone").asText());
        assertEquals("1", metadataOf("10.7.3.1").path("keep").asText());
        assertFalse(metadataOf("10.7.3.2").has("zone"));

        JsonNode all = assertSuccess(v2("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of(
                "metadata", "{\"rack\":\"r9\"}")));
        assertEquals(2, all.path("updated").size(), all::toString);
        assertSuccess(v2("DELETE", "/nacos/v2/ns/instance/metadata/batch", Map.of(
                "instances", first, "metadata", "{\"zone\":\"\"}")));
        assertFalse(metadataOf("10.7.3.1").has("zone"));
        assertEquals("r9", metadataOf("10.7.3.1").path("rack").asText());

        String before = metadataOf("10.7.3.1") + "|" + metadataOf("10.7.3.2");
        String withUnknown = "[{\"ip\":\"10.7.3.1\",\"port\":80},{\"ip\":\"10.7.3.9\",\"port\":80}]";
        assertFailure(v2("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of("instances", withUnknown,
                "metadata", "{\"x\":\"y\"}")), 404, 21003);
        assertFailure(v2("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of("instances", "{\"ip\":1}",
                "metadata", "{\"x\":\"y\"}")), 400, 20002);
        assertFailure(v2("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of("instances",
                "[{\"ip\":\"10.7.3.1\",\"port\":\"eighty\"}]", "metadata", "{\"x\":\"y\"}")), 400, 20002);
        assertFailure(v2("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of("instances", first)), 400, 10000);
        assertFailure(v2("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of("instances", first,
                "metadata", "not json")), 400, 21002);
        assertFailure(v2("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of("instances", first,
                "metadata", "{\"x\":\"y\"}", "consistencyType", "raft")), 400, 20002);
        String tooMany = IntStream.range(0, 2001).mapToObj(i -> "{\"ip\":\"10.7.4." + (i % 250) + "\",\"port\":"
                + (1000 + i) + "}").collect(Collectors.joining(",", "[", "]"));
        Answer oversized = v2("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of("instances", tooMany,
                "metadata", "{\"x\":\"y\"}"));
        assertEquals(400, oversized.status(), oversized::toString);
        assertEquals(before, metadataOf("10.7.3.1") + "|" + metadataOf("10.7.3.2"));
        assertFailure(http.call("PUT", "/nacos/v2/ns/instance/metadata/batch", Map.of("serviceName", service + "x",
                "groupName", group, "metadata", "{\"x\":\"y\"}")), 400, 21008);
    }

    @Test
    @DisplayName("v2 health/instance marks a 1.x client's instance; unknown instance 404, bad input 400")
    void health() {
        Answer registered = v1("POST", "/nacos/v1/ns/instance", Map.of("serviceName", group + "@@" + service,
                "ip", "10.7.5.1", "port", "80"));
        assertEquals(200, registered.status(), registered::toString);
        assertEquals("ok", assertSuccess(v2("PUT", "/nacos/v2/ns/health/instance", Map.of("ip", "10.7.5.1",
                "port", "80", "healthy", "false"))).asText());
        Answer list = v2("GET", "/nacos/v2/ns/instance/list", Map.of());
        assertFalse(list.data().path("hosts").get(0).path("healthy").asBoolean(), list::toString);
        assertEquals("ok", assertSuccess(v2("PUT", "/nacos/v2/ns/health", Map.of("ip", "10.7.5.1",
                "port", "80", "healthy", "true"))).asText());

        assertFailure(v2("PUT", "/nacos/v2/ns/health/instance", Map.of("ip", "10.7.5.2", "port", "80",
                "healthy", "false")), 404, 21003);
        assertFailure(v2("PUT", "/nacos/v2/ns/health/instance", Map.of("ip", "10.7.5.1", "port", "80")), 400,
                10000);
        assertFailure(v2("PUT", "/nacos/v2/ns/health/instance", Map.of("ip", "10.7.5.1", "port", "x",
                "healthy", "false")), 400, 21004);
        assertFailure(v2("PUT", "/nacos/v2/ns/health/instance", Map.of("ip", "10.7.5.1", "port", "80",
                "healthy", "maybe")), 400, 20002);
        assertTrue(v2("GET", "/nacos/v2/ns/instance/list", Map.of()).data().path("hosts").get(0).path("healthy")
                .asBoolean());
    }

    @Test
    @DisplayName("client queries: list, detail, published, subscribed, publishers and subscribers of a service")
    void clients() {
        v1("POST", "/nacos/v1/ns/instance", Map.of("serviceName", group + "@@" + service, "ip", "10.7.6.1",
                "port", "81"));
        v1("GET", "/nacos/v1/ns/instance/list", Map.of("serviceName", group + "@@" + service,
                "clientIP", "127.0.0.1", "udpPort", "59992"));
        String publisher = "10.7.6.1:81#true";

        List<String> ids = texts(assertSuccess(http.get("/nacos/v2/ns/client/list", Map.of())), null);
        assertTrue(ids.contains(publisher), ids::toString);

        JsonNode detail = assertSuccess(http.get("/nacos/v2/ns/client", Map.of("clientId", publisher)));
        assertEquals(publisher, detail.path("clientId").asText());
        assertTrue(detail.path("ephemeral").asBoolean());
        assertEquals("ipPort", detail.path("clientType").asText());
        assertEquals("10.7.6.1", detail.path("clientIp").asText());
        assertEquals("81", detail.path("clientPort").asText());

        JsonNode published = assertSuccess(http.get("/nacos/v2/ns/client/publish/list", Map.of("clientId",
                publisher)));
        assertEquals(service, published.get(0).path("serviceName").asText(), published::toString);
        assertEquals(group, published.get(0).path("group").asText());
        assertEquals("10.7.6.1", published.get(0).path("registeredInstance").path("ip").asText());

        JsonNode publishers = assertSuccess(v2("GET", "/nacos/v2/ns/client/service/publisher/list", Map.of()));
        assertEquals(publisher, publishers.get(0).path("clientId").asText(), publishers::toString);
        assertEquals(81, publishers.get(0).path("port").asInt());

        JsonNode subscribers = assertSuccess(v2("GET", "/nacos/v2/ns/client/service/subscriber/list", Map.of()));
        String subscriber = subscribers.get(0).path("clientId").asText();
        assertEquals("127.0.0.1", subscribers.get(0).path("ip").asText(), subscribers::toString);
        JsonNode subscribed = assertSuccess(http.get("/nacos/v2/ns/client/subscribe/list", Map.of("clientId",
                subscriber)));
        assertEquals("127.0.0.1:59992", subscribed.get(0).path("subscriberInfo").path("addr").asText(),
                subscribed::toString);

        assertFailure(http.get("/nacos/v2/ns/client", Map.of()), 400, 10000);
        assertFailure(http.get("/nacos/v2/ns/client", Map.of("clientId", "10.7.6.9:1#true")), 404, 20004);
        assertFailure(http.get("/nacos/v2/ns/client/publish/list", Map.of("clientId", "nobody")), 404, 20004);
        assertFailure(v2("GET", "/nacos/v2/ns/client/service/publisher/list", Map.of("port", "x")), 400, 21004);
        assertFailure(http.get("/nacos/v2/ns/client/service/subscriber/list", Map.of("groupName", group)), 400,
                10000);
    }

    private void register(String ip, int port, String cluster, Map<String, String> metadata) {
        Map<String, String> form = new HashMap<>(Map.of("serviceName", group + "@@" + service, "ip", ip,
                "port", Integer.toString(port), "clusterName", cluster, "ephemeral", "false"));
        if (!metadata.isEmpty()) {
            form.put("metadata", metadata.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(",")));
        }
        Answer answer = http.call("POST", "/nacos/v1/ns/instance", Map.of(), form);
        assertEquals(200, answer.status(), answer::toString);
    }

    private JsonNode metadataOf(String ip) {
        Answer answer = v2("GET", "/nacos/v2/ns/instance", Map.of("ip", ip, "port", "80"));
        return assertSuccess(answer).path("metadata");
    }

    private Answer v1(String method, String path, Map<String, String> params) {
        return http.call(method, path, params);
    }

    private Answer v2(String method, String path, Map<String, String> extra) {
        Map<String, String> params = new HashMap<>(Map.of("serviceName", service, "groupName", group));
        params.putAll(extra);
        // GET and DELETE carry their parameters in the query, as Nacos reads them there.
        return method.equals("GET") || method.equals("DELETE") ? http.call(method, path, params)
                : http.call(method, path, Map.of(), params);
    }

    private static List<String> texts(JsonNode array, String field) {
        List<String> texts = new ArrayList<>();
        StreamSupport.stream(array.spliterator(), false)
                .forEach(node -> texts.add(field == null ? node.asText() : node.path(field).asText()));
        return texts;
    }

    private static void assertV1(Answer answer, int status) {
        assertEquals(status, answer.status(), answer::toString);
        assertFalse(answer.body().isBlank() || answer.body().contains("\tat "), answer::toString);
    }
}
