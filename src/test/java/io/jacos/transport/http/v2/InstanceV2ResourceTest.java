package io.jacos.transport.http.v2;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources;
import io.jacos.transport.http.HttpResources.RegistryState;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import static io.jacos.transport.http.v2.V2Api.assertRefused;
import static io.jacos.transport.http.v2.V2Api.success;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** {@code /nacos/v2/ns/instance}: the instance calls with the bare name and a separate group, in the v2 envelope. */
class InstanceV2ResourceTest {

    private static final ServiceKey ORDERS = new ServiceKey("public", "shop", "orders");
    private static final String ONE = "serviceName=orders&groupName=shop&ip=10.0.0.1&port=8080";

    private final V2Api api = new V2Api();
    private final InstanceV2Resource resource = api.instance();

    @Test
    void registerUpdateAndDeregisterAnswerOkInTheEnvelope() {
        HttpAnswer registered = api.call(ONE + "&weight=3&metadata=%7B%22a%22%3A%22b%22%7D", resource::register);
        assertEquals("{\"code\":0,\"message\":\"success\",\"data\":\"ok\"}", registered.body());
        assertEquals(3.0, only().weight());
        assertEquals(Map.of("a", "b"), only().metadata());
        assertEquals(Set.of(ClientId.ofIpPort("10.0.0.1", 8080, true)), api.http.reader.publishersOf(ORDERS));

        assertEquals("ok", success(api.call(ONE + "&enabled=false", resource::update)).asText());
        assertFalse(only().enabled());

        assertEquals("ok", success(api.call(ONE, resource::deregister)).asText());
        assertEquals(List.of(), api.http.reader.view(ORDERS).instances());
    }

    @Test
    void detailShowsTheStoredInstance() {
        api.call(ONE + "&clusterName=east", resource::register);

        JsonNode data = success(api.call(ONE + "&clusterName=east", resource::detail));

        assertEquals(List.of("serviceName", "ip", "port", "clusterName", "weight", "healthy", "instanceId",
                "metadata"), HttpAnswer.fields(data));
        assertEquals("shop@@orders", data.get("serviceName").asText());
        assertEquals("east", data.get("clusterName").asText());
        assertRefused(404, V2Errors.INSTANCE_NOT_FOUND, api.call(ONE, resource::detail));
    }

    @Test
    void theListIsTheServiceInfoAndSubscribesAPushableCaller() {
        api.call(ONE, resource::register);

        JsonNode data = success(list("serviceName=orders&groupName=shop&ip=10.0.0.7&port=55000",
                "Nacos-Java-Client:v1.4.6"));

        assertEquals("shop@@orders", data.get("name").asText());
        assertEquals("10.0.0.1", data.get("hosts").get(0).get("ip").asText());
        assertEquals(Set.of(ClientId.ofIpPort("10.0.0.7", 55000, true)), api.http.reader.subscribersOf(ORDERS));
        assertRefused(400, V2Errors.INSTANCE_ERROR, list("serviceName=orders&port=65536", "x"));
    }

    @Test
    void theBeatIsAnsweredWithoutTheEnvelopeAsNacosDoes() {
        api.call(ONE, resource::register);

        HttpAnswer answer = api.call(ONE, resource::beat);

        assertEquals("{\"clientBeatInterval\":5000,\"code\":10200,\"lightBeatEnabled\":true}", answer.body());
        assertEquals(1, api.http.services.beats.fired().size());
    }

    @Test
    void eachRefusalHasItsV2CodeAndChangesNothing() {
        api.call(ONE, resource::register);
        RegistryState before = api.http.state();

        refused(V2Errors.PARAMETER_MISSING, "groupName=shop&ip=10.0.0.2&port=1", resource::register);
        refused(V2Errors.PARAMETER_MISSING, "serviceName=orders&port=1", resource::register);
        refused(V2Errors.PARAMETER_MISSING, "serviceName=orders&ip=10.0.0.2", resource::register);
        refused(V2Errors.INSTANCE_ERROR, "serviceName=orders&ip=10.0.0.2&port=70000", resource::register);
        refused(V2Errors.INSTANCE_ERROR, "serviceName=orders&ip=10.0.0.2%20evil&port=1", resource::register);
        refused(V2Errors.WEIGHT_ERROR, "serviceName=orders&ip=10.0.0.2&port=1&weight=-1", resource::register);
        refused(V2Errors.INSTANCE_METADATA_ERROR, "serviceName=orders&ip=10.0.0.2&port=1&metadata=nope",
                resource::register);
        refused(V2Errors.SERVICE_NAME_ERROR, "serviceName=a%40%40b&ip=10.0.0.2&port=1", resource::register);
        refused(V2Errors.PARAMETER_MISSING, "serviceName=orders&groupName=shop&port=8080", resource::deregister);
        refused(V2Errors.PARAMETER_MISSING, ONE.replace("&port=8080", ""), resource::detail);

        assertEquals(before, api.http.state());
    }

    @Test
    void theAddressIsRequiredBeforeAnythingElseIsReadAsInNacosV2() {
        for (Supplier<Response> method : List.<Supplier<Response>>of(resource::register, resource::deregister)) {
            HttpAnswer answer = api.call("serviceName=orders&port=abc&weight=x", method);
            assertRefused(400, V2Errors.PARAMETER_MISSING, answer);
            assertEquals("Param 'ip' is required.", answer.json().get("data").asText());
        }
    }

    @Test
    void whatAnAttackerTriesIsRefusedWhole() {
        RegistryState before = api.http.state();

        refused(V2Errors.ILLEGAL_NAMESPACE, ONE + "&namespaceId=..%2F..%2Fetc", resource::register);
        refused(V2Errors.SERVICE_NAME_ERROR, "serviceName=" + "s".repeat(100_000) + "&ip=10.0.0.2&port=1",
                resource::register);
        refused(V2Errors.INSTANCE_ERROR, ONE + "&port=8080&port=8081", resource::register);
        refused(V2Errors.INSTANCE_METADATA_ERROR, ONE + "&metadata=k%3D" + "v".repeat(5000), resource::register);

        assertEquals(before, api.http.state());
    }

    private void refused(V2Errors.Code code, String query, Supplier<Response> method) {
        assertRefused(400, code, api.call(query, method));
    }

    private HttpAnswer list(String query, String agent) {
        return api.call(query, () -> resource.list(HttpResources.headers(Map.of("User-Agent", agent)),
                HttpResources.from(HttpResources.PEER)));
    }

    private Instance only() {
        List<Instance> instances = api.http.reader.view(ORDERS).instances();
        assertEquals(1, instances.size());
        return instances.get(0);
    }
}
