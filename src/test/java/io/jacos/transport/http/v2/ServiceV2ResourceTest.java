package io.jacos.transport.http.v2;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.model.ServiceKey;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources.RegistryState;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static io.jacos.transport.http.v2.V2Api.assertRefused;
import static io.jacos.transport.http.v2.V2Api.success;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /nacos/v2/ns/service}: create, update, delete, detail and the service list, in the v2 envelope. */
class ServiceV2ResourceTest {

    private static final ServiceKey ORDERS = new ServiceKey("dev", "shop", "orders");
    private static final String NAMED = "namespaceId=dev&groupName=shop&serviceName=orders";

    private final V2Api api = new V2Api();
    private final ServiceV2Resource resource = api.service();

    @Test
    void createUpdateAndDetailInTheEnvelope() {
        assertEquals("{\"code\":0,\"message\":\"success\",\"data\":\"ok\"}", api.call(NAMED + "&protectThreshold=0.4"
                + "&metadata=k%3Dv&selector=" + URLEncoder.encode("{\"type\":\"label\",\"expression\":\"a=b\"}",
                StandardCharsets.UTF_8), resource::create).body());

        JsonNode created = success(api.call(NAMED, resource::detail));
        assertEquals(List.of("namespace", "serviceName", "groupName", "clusterMap", "metadata", "protectThreshold",
                "selector", "ephemeral"), HttpAnswer.fields(created));
        assertEquals("dev", created.get("namespace").asText());
        assertEquals("orders", created.get("serviceName").asText());
        assertEquals(0.4, created.get("protectThreshold").asDouble(), 1e-6);
        assertEquals("label", created.get("selector").get("type").asText());
        assertEquals("CMDB", created.get("selector").get("contextType").asText());
        assertEquals("a=b", created.get("selector").get("expression").asText());

        assertEquals("ok", success(api.call(NAMED + "&metadata=k%3Dw", resource::update)).asText(),
                "v2 does not require the threshold");
        JsonNode updated = success(api.call(NAMED, resource::detail));
        assertEquals("w", updated.get("metadata").get("k").asText());
        assertEquals(0.0, updated.get("protectThreshold").asDouble(), "what the form leaves out is its default");
        assertEquals("none", updated.get("selector").get("type").asText());
        assertEquals("NONE", updated.get("selector").get("contextType").asText());
    }

    @Test
    void theDetailShowsEachClusterByNameWithItsCheck() {
        api.call(NAMED, resource::create);
        api.call(NAMED + "&ip=10.0.0.1&port=1&clusterName=east", api.instance()::register);

        JsonNode east = success(api.call(NAMED, resource::detail)).get("clusterMap").get("east");

        assertEquals("east", east.get("clusterName").asText());
        assertTrue(east.has("healthChecker"));
        assertTrue(!east.has("name"), "v2 names it clusterName");
    }

    @Test
    void deleteRemovesAnEmptyServiceOnly() {
        api.call(NAMED, resource::create);
        api.call("serviceName=stock&ip=10.0.0.1&port=1", api.instance()::register);
        RegistryState before = api.http.state();

        assertRefused(400, V2Errors.SERVICE_DELETE_FAILURE, api.call("serviceName=stock", resource::delete));
        assertEquals(before, api.http.state());

        assertEquals("ok", success(api.call(NAMED, resource::delete)).asText());
        assertTrue(api.http.reader.serviceMeta(ORDERS).isEmpty());
    }

    @Test
    void existingAndUnknownServicesHaveTheirOwnCodes() {
        api.call(NAMED, resource::create);
        RegistryState before = api.http.state();

        assertRefused(400, V2Errors.SERVICE_ALREADY_EXIST, api.call(NAMED, resource::create));
        assertRefused(400, V2Errors.SERVICE_NOT_EXIST, api.call("serviceName=nobody", resource::detail));
        assertRefused(400, V2Errors.SERVICE_NOT_EXIST, api.call("serviceName=nobody", resource::update));
        assertRefused(400, V2Errors.SERVICE_NOT_EXIST, api.call("serviceName=nobody", resource::delete));

        assertEquals(before, api.http.state());
    }

    @Test
    void badSettingsAreRefusedWithTheirCodesAndChangeNothing() {
        api.call(NAMED + "&protectThreshold=0.2", resource::create);
        RegistryState before = api.http.state();

        assertRefused(400, V2Errors.PARAMETER_MISSING, api.call("groupName=shop", resource::create));
        assertRefused(400, V2Errors.SELECTOR_ERROR, api.call("serviceName=x&selector=nope", resource::create));
        assertRefused(400, V2Errors.SELECTOR_ERROR, api.call(NAMED + "&selector=" + URLEncoder.encode(
                "{\"type\":\"label\"}", StandardCharsets.UTF_8), resource::update));
        assertRefused(400, V2Errors.INSTANCE_METADATA_ERROR, api.call(NAMED + "&metadata=%7B", resource::update));
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call(NAMED + "&protectThreshold=x",
                resource::update));
        assertRefused(400, V2Errors.ILLEGAL_NAMESPACE, api.call("namespaceId=a%2Fb&serviceName=x", resource::create));
        assertRefused(400, V2Errors.SERVICE_NAME_ERROR, api.call("serviceName=" + "x".repeat(70_000),
                resource::create));
        assertRefused(400, V2Errors.SERVICE_NAME_ERROR, api.call("serviceName=x&serviceName=y", resource::create));

        assertEquals(before, api.http.state());
        assertEquals(0.2f, api.http.reader.serviceMeta(ORDERS).orElseThrow().protectThreshold());
    }

    @Test
    void listPagesBareNamesWithNacosDefaults() {
        for (int i = 0; i < 25; i++) {
            api.call("serviceName=s" + (char) ('a' + i), resource::create);
        }

        JsonNode first = success(api.call("", resource::list));
        assertEquals(List.of("count", "services"), HttpAnswer.fields(first));
        assertEquals(25, first.get("count").asInt());
        assertEquals(20, first.get("services").size(), "20 a page by default");
        assertEquals(5, success(api.call("pageNo=2", resource::list)).get("services").size());
        assertEquals(25, success(api.call("pageSize=100000", resource::list)).get("services").size());
        assertEquals(0, success(api.call("namespaceId=nobody-made-it", resource::list)).get("count").asInt());
        assertRefused(400, V2Errors.PARAMETER_VALIDATE_ERROR, api.call("pageNo=one", resource::list));
    }
}
