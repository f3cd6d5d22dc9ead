package io.jacos.transport.http.v1;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.application.ConnectionDirectory.ConnectionInfo;
import io.jacos.application.ServiceRef;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources;
import io.jacos.transport.http.HttpResources.RegistryState;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /nacos/v1/ns/service}: services as operators manage them, the service list and the subscribers. */
class ServiceResourceTest {

    private static final ServiceKey ORDERS = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    private static final String LABEL = URLEncoder.encode("{\"type\":\"label\",\"expression\":\"CONSUMER.label.a = "
            + "PROVIDER.label.a\"}", StandardCharsets.UTF_8);

    private final V1Api api = new V1Api();
    private final ServiceResource resource = api.service();

    @Test
    void createThenDetailShowsTheSettingsInNacosShape() {
        assertEquals(new HttpAnswer(200, "text/plain;charset=UTF-8", "ok"), api.call("serviceName=orders"
                + "&protectThreshold=0.5&metadata=k%3Dv&selector=" + LABEL, resource::create));

        HttpAnswer detail = api.call("serviceName=DEFAULT_GROUP%40%40orders", resource::detail);
        JsonNode json = detail.json();
        assertEquals(List.of("namespaceId", "groupName", "name", "protectThreshold", "metadata", "selector",
                "clusters"), HttpAnswer.fields(json));
        assertEquals("public", json.get("namespaceId").asText());
        assertEquals("orders", json.get("name").asText());
        assertEquals(0.5, json.get("protectThreshold").asDouble(), 1e-6);
        assertEquals("v", json.get("metadata").get("k").asText());
        assertEquals("label", json.get("selector").get("type").asText());
        assertEquals("CONSUMER.label.a = PROVIDER.label.a", json.get("selector").get("expression").asText());
    }

    @Test
    void updateRequiresTheThresholdAndChangesTheSettings() {
        api.call("serviceName=orders", resource::create);
        RegistryState before = api.http.state();

        HttpAnswer refused = api.call("serviceName=orders&metadata=k%3Dv", resource::update);
        assertEquals(new HttpAnswer(400, "text/plain;charset=UTF-8", "Param 'protectThreshold' is required."),
                refused);
        assertEquals(before, api.http.state());

        assertEquals("ok", api.call("serviceName=orders&protectThreshold=0.3", resource::update).body());
        assertEquals(0.3f, meta().protectThreshold());
    }

    @Test
    void deleteRemovesAnEmptyServiceAndRefusesOneWithInstances() {
        api.call("serviceName=orders", resource::create);
        api.call("serviceName=stock&ip=10.0.0.1&port=1", api.instance()::register);
        RegistryState before = api.http.state();

        HttpAnswer notEmpty = api.call("serviceName=stock", resource::delete);
        assertEquals(400, notEmpty.status());
        assertTrue(notEmpty.body().contains("not empty"), notEmpty.body());
        assertEquals(before, api.http.state());

        assertEquals("ok", api.call("serviceName=orders", resource::delete).body());
        assertTrue(api.http.reader.serviceMeta(ORDERS).isEmpty());
    }

    @Test
    void anUnknownServiceIsA400AsInNacos() {
        assertEquals(400, api.call("serviceName=nobody", resource::detail).status());
        assertEquals(400, api.call("serviceName=nobody", resource::delete).status());
        assertEquals(400, api.call("serviceName=nobody&protectThreshold=0", resource::update).status());
        assertTrue(api.http.reader.allServices().isEmpty(), "an update does not create");
    }

    @Test
    void creatingTwiceOrWithBadSettingsIsRefusedAndChangesNothing() {
        api.call("serviceName=orders&protectThreshold=0.2", resource::create);
        RegistryState before = api.http.state();

        assertEquals(400, api.call("serviceName=orders&protectThreshold=0.9", resource::create).status());
        assertEquals(400, api.call("serviceName=other&protectThreshold=1.5", resource::create).status());
        assertEquals(400, api.call("serviceName=other&protectThreshold=Infinity", resource::create).status());
        assertEquals(400, api.call("serviceName=other&selector=%7B%22expression%22%3A%22x%22%7D",
                resource::create).status());
        assertEquals(400, api.call("serviceName=other&selector=" + URLEncoder.encode("{\"type\":\"label\"}",
                StandardCharsets.UTF_8), resource::create).status());
        assertEquals(400, api.call("serviceName=" + "x".repeat(50_000), resource::create).status());
        assertEquals(400, api.call("serviceName=other&metadata=k%3Dv&metadata=k%3Dw", resource::create).status());

        assertEquals(before, api.http.state());
        assertEquals(0.2f, meta().protectThreshold());
    }

    @Test
    void listGivesOnePageOfBareNamesAndTheCount() {
        for (String name : List.of("a", "b", "c")) {
            api.call("serviceName=" + name, resource::create);
        }
        api.call("serviceName=x&groupName=OTHER", resource::create);

        HttpAnswer page = api.call("pageNo=2&pageSize=2", resource::list);

        assertEquals("{\"count\":3,\"doms\":[\"c\"]}", page.body());
        assertEquals("{\"count\":1,\"doms\":[\"x\"]}", api.call("pageNo=1&pageSize=10&groupName=OTHER",
                resource::list).body());
        assertEquals("{\"count\":0,\"doms\":[]}", api.call("pageNo=1&pageSize=10&namespaceId=nobody-made-it",
                resource::list).body());
        assertEquals("Param 'pageNo' is required.", api.call("pageSize=10", resource::list).body());
        assertEquals(400, api.call("pageNo=1&pageSize=ten", resource::list).status());
    }

    @Test
    void subscribersAreTheUdpAndGrpcClientsInNacosShape() {
        ServiceRef orders = new ServiceRef(null, null, "orders");
        api.http.services.ipPortClients.list(orders, "", false, "10.0.0.7", 55000, HttpResources.PEER);
        ClientId grpc = new ClientId("1700000000000_10.0.0.8_51000");
        api.http.services.sessions.connected(grpc, ClientKind.CONNECTION);
        api.http.services.discovery.subscribe(grpc, orders, "");
        api.http.connections.add(new ConnectionInfo(grpc.value(), "10.0.0.8", "Nacos-Java-Client:v2.5.1",
                Map.of("AppName", "shop"), 0, 0));

        JsonNode answer = api.call("serviceName=DEFAULT_GROUP%40%40orders", resource::subscribers).json();

        assertEquals(2, answer.get("count").asInt());
        JsonNode udp = answer.get("subscribers").get(0);
        assertEquals(List.of("addrStr", "agent", "app", "ip", "port", "namespaceId", "serviceName", "cluster"),
                HttpAnswer.fields(udp));
        assertEquals("10.0.0.7:55000", udp.get("addrStr").asText());
        assertEquals("DEFAULT_GROUP@@orders", udp.get("serviceName").asText());
        JsonNode sdk = answer.get("subscribers").get(1);
        assertEquals("10.0.0.8", sdk.get("addrStr").asText());
        assertEquals("shop", sdk.get("app").asText());
        assertEquals(0, sdk.get("port").asInt());

        assertEquals(1, api.call("serviceName=orders&pageNo=2&pageSize=1", resource::subscribers).json()
                .get("subscribers").size());
        assertEquals(2, api.call("serviceName=orders&aggregation=false", resource::subscribers).json()
                .get("count").asInt(), "both are this node's own clients");
        assertEquals(400, api.call("serviceName=orders&pageNo=0", resource::subscribers).status());
    }

    private ServiceMeta meta() {
        return api.http.reader.serviceMeta(ORDERS).orElseThrow();
    }
}
