package io.jacos.transport.http.v1;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources.RegistryState;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /nacos/v1/ns/instance} as nacos-client 1.4.6 and 2.5.1 (persistent) call it. */
class InstanceResourceTest {

    private static final ServiceKey ORDERS = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    /** What 1.4.6 sends to register (§8.3): the grouped name, and every parameter in the query. */
    private static final String REGISTER = "namespaceId=public&serviceName=DEFAULT_GROUP%40%40orders"
            + "&groupName=DEFAULT_GROUP&clusterName=DEFAULT&ip=10.0.0.1&port=8080&weight=2.0&enable=true&healthy=true"
            + "&ephemeral=true&metadata=%7B%22zone%22%3A%22a%22%7D&app=unknown&";

    private final V1Api api = new V1Api();
    private final InstanceResource resource = api.instance();

    @Test
    void registerAnswersOkAndTheInstanceBelongsToItsOwnIpPortClient() {
        HttpAnswer answer = api.call(REGISTER, resource::register);

        assertEquals(new HttpAnswer(200, "text/plain;charset=UTF-8", "ok"), answer);
        Instance instance = only(ORDERS);
        assertEquals("10.0.0.1", instance.ip());
        assertEquals(8080, instance.port());
        assertEquals(2.0, instance.weight());
        assertEquals(Map.of("zone", "a"), instance.metadata());
        assertTrue(instance.ephemeral());
        assertEquals(List.of(ClientId.ofIpPort("10.0.0.1", 8080, true)),
                List.copyOf(api.http.reader.publishersOf(ORDERS)));
    }

    @Test
    void aPersistentRegistrationGoesToThePersistentClient() {
        HttpAnswer answer = api.call("serviceName=DEFAULT_GROUP%40%40psvc&ip=10.0.0.2&port=9090&ephemeral=false",
                resource::register);

        assertEquals("ok", answer.body());
        assertFalse(only(new ServiceKey("public", "DEFAULT_GROUP", "psvc")).ephemeral());
        assertEquals(1, api.http.reader.countOf(ClientKind.PERSISTENT));
        assertEquals(0, api.http.reader.countOf(ClientKind.IP_PORT));
    }

    @Test
    void updateChangesTheInstanceAndDeregisterRemovesIt() {
        api.call(REGISTER, resource::register);

        assertEquals("ok", api.call("serviceName=DEFAULT_GROUP%40%40orders&ip=10.0.0.1&port=8080&weight=5"
                + "&enabled=false", resource::update).body());
        assertEquals(5.0, only(ORDERS).weight());
        assertFalse(only(ORDERS).enabled());

        assertEquals("ok", api.call("serviceName=DEFAULT_GROUP%40%40orders&ip=10.0.0.1&port=8080&ephemeral=true",
                resource::deregister).body());
        assertEquals(List.of(), api.http.reader.view(ORDERS).instances());
    }

    @Test
    void deregisteringAnInstanceNobodyRegisteredIsStillOkAsInNacos() {
        RegistryState before = api.http.state();

        HttpAnswer answer = api.call("serviceName=orders&ip=10.0.0.9&port=1", resource::deregister);

        assertEquals(new HttpAnswer(200, "text/plain;charset=UTF-8", "ok"), answer);
        assertEquals(before, api.http.state());
    }

    @Test
    void detailShowsTheStoredInstanceInNacosShape() {
        api.call(REGISTER, resource::register);

        HttpAnswer answer = api.call("serviceName=DEFAULT_GROUP%40%40orders&ip=10.0.0.1&port=8080", resource::detail);

        assertTrue(answer.isJson());
        JsonNode json = answer.json();
        assertEquals(List.of("service", "ip", "port", "clusterName", "weight", "healthy", "instanceId", "metadata"),
                HttpAnswer.fields(json));
        assertEquals("DEFAULT_GROUP@@orders", json.get("service").asText());
        assertEquals("10.0.0.1#8080#DEFAULT#DEFAULT_GROUP@@orders", json.get("instanceId").asText());
        assertEquals(2.0, json.get("weight").asDouble());
        assertEquals("a", json.get("metadata").get("zone").asText());
    }

    @Test
    void detailOfAnUnknownInstanceIsA404InText() {
        api.call(REGISTER, resource::register);

        HttpAnswer answer = api.call("serviceName=orders&ip=10.0.0.1&port=8081", resource::detail);

        assertEquals(404, answer.status());
        assertTrue(answer.isText());
        assertTrue(answer.body().contains("10.0.0.1:8081"), answer.body());
    }

    @Test
    void missingOrInvalidParametersAre400sInTextAndChangeNothing() {
        api.call(REGISTER, resource::register);
        RegistryState before = api.http.state();

        assertRefused("Param 'serviceName' is required.", "ip=10.0.0.2&port=1", before);
        assertRefused(null, "serviceName=orders&port=1", before);
        assertRefused(null, "serviceName=orders&ip=10.0.0.2&port=70000", before);
        assertRefused("Param 'port' is illegal: 'eighty' (expected a whole number).",
                "serviceName=orders&ip=10.0.0.2&port=eighty", before);
        assertRefused(null, "serviceName=orders&ip=10.0.0.2&port=1&weight=NaN", before);
        assertRefused(null, "serviceName=orders&ip=10.0.0.2&port=1&metadata=%7Bbroken", before);
        assertRefused(null, "serviceName=%40%40orders&ip=10.0.0.2&port=1", before);
    }

    @Test
    void whatAnAttackerTriesIsRefusedWholeNotHalfApplied() {
        RegistryState before = api.http.state();

        assertRefused(null, "serviceName=" + "s".repeat(100_000) + "&ip=10.0.0.2&port=1", before);
        assertRefused(null, "serviceName=orders&ip=10.0.0.2&port=1&metadata=k%3D" + "v".repeat(5000), before);
        assertRefused("Param 'ip' is given more than once with different values.",
                "serviceName=orders&ip=10.0.0.2&port=1&ip=10.0.0.3", before);
        assertRefused(null, "serviceName=orders&ip=10.0.0.2&port=1&namespaceId=..%2Fetc", before);
        assertRefused(null, "serviceName=orders&ip=10.0.0.2%0A&port=1", before);
    }

    @Test
    void anUnknownNamespaceIsOneNobodyCreatedYetAndHoldsTheInstance() {
        assertEquals("ok", api.call("namespaceId=dev-1&serviceName=orders&ip=10.0.0.2&port=1",
                resource::register).body());

        assertEquals("10.0.0.2", only(new ServiceKey("dev-1", "DEFAULT_GROUP", "orders")).ip());
        assertEquals(List.of(), api.http.reader.view(ORDERS).instances());
    }

    private void assertRefused(String message, String query, RegistryState before) {
        HttpAnswer answer = api.call(query, resource::register);
        assertEquals(400, answer.status(), answer.body());
        assertTrue(answer.isText(), answer.contentType());
        if (message != null) {
            assertEquals(message, answer.body());
        }
        assertEquals(before, api.http.state(), "nothing changed by " + query);
    }

    private Instance only(ServiceKey key) {
        List<Instance> instances = api.http.reader.view(key).instances();
        assertEquals(1, instances.size(), instances.toString());
        return instances.get(0);
    }
}
