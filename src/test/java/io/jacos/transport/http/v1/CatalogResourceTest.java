package io.jacos.transport.http.v1;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources.RegistryState;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /nacos/v1/ns/catalog}: what Nacos's console and ops tools read. */
class CatalogResourceTest {

    private final V1Api api = new V1Api();
    private final CatalogResource resource = api.catalog();

    @BeforeEach
    void twoServices() {
        api.call("serviceName=orders&protectThreshold=0.6", api.service()::create);
        register("orders", "10.0.0.1", "east", true);
        register("orders", "10.0.0.2", "east", false);
        register("orders", "10.0.0.3", "west", true);
        api.call("serviceName=empty", api.service()::create);
    }

    @Test
    void servicesListsCountsAndTheProtectionFlag() {
        JsonNode answer = api.call("pageNo=1&pageSize=10", resource::services).json();

        assertEquals(2, answer.get("count").asInt());
        JsonNode orders = answer.get("serviceList").get(1);
        assertEquals(List.of("name", "groupName", "clusterCount", "ipCount", "healthyInstanceCount", "triggerFlag"),
                HttpAnswer.fields(orders));
        assertEquals("orders", orders.get("name").asText());
        assertEquals(2, orders.get("clusterCount").asInt());
        assertEquals(3, orders.get("ipCount").asInt());
        assertEquals(2, orders.get("healthyInstanceCount").asInt());
        assertEquals("false", orders.get("triggerFlag").asText(), "2/3 healthy is above 0.6");
        assertEquals("empty", answer.get("serviceList").get(0).get("name").asText());
    }

    @Test
    void servicesFilterAsPlainTextPageAndLeaveEmptyOnesOutWhenAsked() {
        assertEquals(1, api.call("hasIpCount=true", resource::services).json().get("count").asInt());
        assertEquals(1, api.call("serviceNameParam=ord", resource::services).json().get("count").asInt());
        assertEquals(0, api.call("serviceNameParam=.*", resource::services).json().get("count").asInt(),
                "no regular expression is run");
        JsonNode second = api.call("pageNo=2&pageSize=1", resource::services).json();
        assertEquals(2, second.get("count").asInt());
        assertEquals("orders", second.get("serviceList").get(0).get("name").asText());
        assertEquals(0, api.call("namespaceId=nobody-made-it", resource::services).json().get("count").asInt());
    }

    @Test
    void withInstancesShowsEachServiceWithItsHostsByCluster() {
        JsonNode answer = api.call("withInstances=true&hasIpCount=true", resource::services).json();

        assertTrue(answer.isArray());
        JsonNode orders = answer.get(0);
        assertEquals(List.of("namespace", "serviceName", "groupName", "clusterMap", "metadata", "protectThreshold",
                "ephemeral"), HttpAnswer.fields(orders));
        assertEquals(List.of("east", "west"), HttpAnswer.fields(orders.get("clusterMap")));
        assertEquals(2, orders.get("clusterMap").get("east").get("hosts").size());
        assertEquals("10.0.0.3", orders.get("clusterMap").get("west").get("hosts").get(0).get("ip").asText());
    }

    @Test
    void serviceShowsTheSettingsAndEachClusterWithItsDefaultPort() {
        JsonNode answer = api.call("serviceName=DEFAULT_GROUP%40%40orders", resource::service).json();

        assertEquals("orders", answer.get("service").get("name").asText());
        assertEquals(0.6, answer.get("service").get("protectThreshold").asDouble(), 1e-6);
        assertEquals("none", answer.get("service").get("selector").get("type").asText());
        JsonNode east = answer.get("clusters").get(0);
        assertEquals("DEFAULT_GROUP@@orders", east.get("serviceName").asText());
        assertEquals("east", east.get("name").asText());
        assertEquals(80, east.get("defaultPort").asInt());
    }

    @Test
    void instancesGivesOnePageOfOneCluster() {
        JsonNode answer = api.call("serviceName=orders&clusterName=east&pageNo=1&pageSize=1", resource::instances)
                .json();

        assertEquals(2, answer.get("count").asInt());
        assertEquals(1, answer.get("list").size());
        JsonNode host = answer.get("list").get(0);
        assertEquals("east", host.get("clusterName").asText());
        assertEquals("DEFAULT_GROUP@@orders", host.get("serviceName").asText());
    }

    @Test
    void unknownServicesAndClustersAre404sHereAndChangeNothing() {
        RegistryState before = api.http.state();

        HttpAnswer service = api.call("serviceName=nobody", resource::service);
        assertEquals(404, service.status());
        assertTrue(service.isText());
        HttpAnswer cluster = api.call("serviceName=orders&clusterName=north&pageNo=1&pageSize=10",
                resource::instances);
        assertEquals(new HttpAnswer(404, "text/plain;charset=UTF-8", "cluster north is not found!"), cluster);
        assertEquals(before, api.http.state());
    }

    @Test
    void missingAndInvalidParametersAre400s() {
        assertEquals("Param 'clusterName' is required.", api.call("serviceName=orders&pageNo=1&pageSize=1",
                resource::instances).body());
        assertEquals("Param 'pageNo' is required.", api.call("serviceName=orders&clusterName=east&pageSize=1",
                resource::instances).body());
        assertEquals(400, api.call("pageNo=0", resource::services).status());
        assertEquals(400, api.call("withInstances=1", resource::services).status());
        assertEquals(400, api.call("namespaceId=" + "n".repeat(5000), resource::services).status());
        assertEquals(400, api.call("serviceNameParam=a&serviceNameParam=b", resource::services).status());
        assertEquals("Param 'serviceName' is required.", api.call("", resource::service).body());
    }

    @Test
    void hugePageNumbersAndSizesNeitherOverflowNorFail() {
        assertEquals(2, api.call("pageNo=1&pageSize=2147483647", resource::services).json().get("serviceList")
                .size());
        JsonNode past = api.call("pageNo=2147483647&pageSize=2147483647", resource::services).json();
        assertEquals(2, past.get("count").asInt());
        assertEquals(0, past.get("serviceList").size());
    }

    private void register(String service, String ip, String cluster, boolean healthy) {
        assertEquals("ok", api.call("serviceName=" + service + "&ip=" + ip + "&port=8080&clusterName=" + cluster
                + "&healthy=" + healthy, api.instance()::register).body());
    }
}
