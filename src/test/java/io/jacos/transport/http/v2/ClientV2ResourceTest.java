package io.jacos.transport.http.v2;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.application.ConnectionDirectory.ConnectionInfo;
import io.jacos.application.InstanceSpec;
import io.jacos.application.ServiceRef;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.jacos.transport.http.v2.V2Api.assertRefused;
import static io.jacos.transport.http.v2.V2Api.success;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /nacos/v2/ns/client}: the registry's clients as Nacos's client queries show them. */
class ClientV2ResourceTest {

    private static final ServiceRef ORDERS = new ServiceRef(null, "shop", "orders");
    private static final ClientId GRPC = new ClientId("1700000000000_10.0.0.8_51000");
    private static final String UDP_SUBSCRIBER = "10.0.0.7:55000#true";
    private static final String LEGACY = "10.0.0.1:8080#true";

    private final V2Api api = new V2Api();
    private final ClientV2Resource resource = api.client();

    @BeforeEach
    void clientsOfEveryKind() {
        success(api.call("serviceName=orders&groupName=shop&ip=10.0.0.1&port=8080", api.instance()::register));
        api.http.services.ipPortClients.list(ORDERS, "", false, "10.0.0.7", 55000, HttpResources.PEER);
        api.http.services.sessions.connected(GRPC, ClientKind.CONNECTION);
        api.http.services.registration.register(GRPC, ORDERS, new InstanceSpec(null, "10.0.0.8", 9000, null, null,
                null, null, "east", null));
        api.http.services.discovery.subscribe(GRPC, ORDERS, "");
        api.http.connections.add(new ConnectionInfo(GRPC.value(), "10.0.0.8", "Nacos-Java-Client:v2.5.1",
                Map.of("AppName", "shop-app"), 1, 2));
    }

    @Test
    void listGivesEveryClientIdSorted() {
        JsonNode data = success(api.call("", resource::list));

        assertEquals(List.of(LEGACY, UDP_SUBSCRIBER, GRPC.value()), strings(data));
    }

    @Test
    void anIpPortClientShowsItsAddress() {
        JsonNode data = success(api.call("clientId=" + LEGACY.replace("#", "%23"), resource::detail));

        assertEquals(List.of("clientId", "ephemeral", "lastUpdatedTime", "clientType", "clientIp", "clientPort"),
                HttpAnswer.fields(data));
        assertEquals("ipPort", data.get("clientType").asText());
        assertEquals("10.0.0.1", data.get("clientIp").asText());
        assertEquals("8080", data.get("clientPort").asText());
        assertEquals(api.http.clock.millis(), data.get("lastUpdatedTime").asLong());
    }

    @Test
    void aConnectionClientShowsWhatItsConnectionSaid() {
        JsonNode data = success(api.call("clientId=" + GRPC.value(), resource::detail));

        assertEquals("connection", data.get("clientType").asText());
        assertEquals("GRPC", data.get("connectType").asText());
        assertEquals("shop-app", data.get("appName").asText());
        assertEquals("Nacos-Java-Client:v2.5.1", data.get("version").asText());
        assertEquals("10.0.0.8", data.get("clientIp").asText());
        assertEquals("51000", data.get("clientPort").asText());
        assertEquals(2, data.get("lastUpdatedTime").asLong());
    }

    @Test
    void whatOneClientPublishesAndSubscribes() {
        JsonNode published = success(api.call("clientId=" + GRPC.value(), resource::published)).get(0);
        assertEquals(List.of("namespace", "group", "serviceName", "registeredInstance"), HttpAnswer.fields(published));
        assertEquals("shop", published.get("group").asText());
        assertEquals("{\"ip\":\"10.0.0.8\",\"port\":9000,\"cluster\":\"east\"}",
                published.get("registeredInstance").toString());

        JsonNode subscribed = success(api.call("clientId=" + GRPC.value(), resource::subscribed)).get(0);
        assertEquals("{\"app\":\"shop-app\",\"agent\":\"Nacos-Java-Client:v2.5.1\",\"addr\":\"10.0.0.8\"}",
                subscribed.get("subscriberInfo").toString());
    }

    @Test
    void theClientsOfOneServiceNarrowedByAddress() {
        String service = "serviceName=orders&groupName=shop";

        assertEquals(2, success(api.call(service, resource::publishers)).size());
        JsonNode one = success(api.call(service + "&ip=10.0.0.8&port=9000", resource::publishers));
        assertEquals(1, one.size());
        assertEquals(GRPC.value(), one.get(0).get("clientId").asText());

        JsonNode subscribers = success(api.call(service + "&ephemeral=false", resource::subscribersOfService));
        assertEquals(2, subscribers.size(), "both kinds, whatever ephemeral says");
        assertEquals(List.of("clientId", "ip", "port"), HttpAnswer.fields(subscribers.get(0)));
        assertEquals(0, success(api.call(service + "&namespaceId=nobody-made-it", resource::publishers)).size());
    }

    @Test
    void missingUnknownAndBadParametersHaveTheirCodes() {
        assertRefused(400, V2Errors.PARAMETER_MISSING, api.call("", resource::detail));
        assertRefused(404, V2Errors.RESOURCE_NOT_FOUND, api.call("clientId=nobody", resource::detail));
        assertRefused(404, V2Errors.RESOURCE_NOT_FOUND, api.call("clientId=nobody", resource::published));
        assertRefused(400, V2Errors.PARAMETER_MISSING, api.call("groupName=shop", resource::publishers));
        assertRefused(400, V2Errors.INSTANCE_ERROR, api.call("serviceName=orders&port=x", resource::publishers));
        assertRefused(400, V2Errors.INSTANCE_ERROR, api.call("serviceName=orders&ephemeral=sometimes",
                resource::subscribersOfService));
    }

    @Test
    void whatAnAttackerTriesIsRefused() {
        HttpAnswer longId = api.call("clientId=" + "c".repeat(100_000), resource::detail);
        assertRefused(404, V2Errors.RESOURCE_NOT_FOUND, longId);
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("clientId=a&clientId=b", resource::detail));
        assertRefused(400, V2Errors.ILLEGAL_NAMESPACE, api.call("serviceName=orders&namespaceId=..",
                resource::subscribersOfService));
        assertTrue(success(api.call("clientId=" + UDP_SUBSCRIBER.replace("#", "%23"), resource::published))
                .isEmpty(), "a subscriber publishes nothing");
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new java.util.ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }
}
