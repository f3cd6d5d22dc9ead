package io.jacos.it.client3.maintainer;

import com.alibaba.nacos.api.exception.NacosException;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Nacos 3's maintainer SDK 3.1.0 against {@code /nacos/v3/admin/ns/service} and {@code /ns/instance}. */
@ExtendWith(SharedServer.class)
@DisplayName("Maintainer SDK 3.1.0: naming admin")
class NamingMaintainerIT {

    private static final String GROUP = "V3_NS_GROUP";
    private static final String PUBLIC = "public";

    private MaintainerSdk sdk;

    @BeforeEach
    void open() throws Exception {
        sdk = MaintainerSdk.naming(SharedServer.serverAddr(), Map.of());
    }

    @AfterEach
    void close() throws Exception {
        sdk.close();
    }

    @Test
    @DisplayName("a service: create, detail, update, list by part of its name, remove")
    void serviceLifecycle() throws Exception {
        String name = "svcv3-" + UUID.randomUUID();
        Object service = service(name, 0.5f, Map.of("team", "a"));
        assertEquals("ok", sdk.call("createService", service).asText());

        JsonNode detail = sdk.call("getServiceDetail", service);
        assertEquals(name, detail.path("serviceName").asText(), detail.toString());
        assertEquals(GROUP, detail.path("groupName").asText());
        assertEquals(PUBLIC, detail.path("namespaceId").asText());
        assertEquals(0.5, detail.path("protectThreshold").asDouble(), 1e-6);
        assertEquals("a", detail.path("metadata").path("team").asText());

        assertEquals("ok", sdk.call("updateService", service(name, 0.7f, Map.of("team", "b"))).asText());
        JsonNode updated = sdk.call("getServiceDetail", service);
        assertEquals(0.7, updated.path("protectThreshold").asDouble(), 1e-6);
        assertEquals("b", updated.path("metadata").path("team").asText());

        JsonNode page = sdk.call("listServices", PUBLIC, GROUP, name.substring(0, 20), false, 1, 10);
        assertEquals(1, page.path("totalCount").asInt(), page.toString());
        JsonNode view = page.path("pageItems").get(0);
        assertEquals(name, view.path("name").asText());
        assertEquals(0, view.path("ipCount").asInt());
        assertEquals(0, sdk.call("listServices", PUBLIC, GROUP, name.substring(0, 20), true, 1, 10)
                .path("totalCount").asInt(), "an empty service is left out when asked");

        assertEquals("ok", sdk.call("removeService", service).asText());
        NacosException gone = assertThrows(NacosException.class, () -> sdk.call("getServiceDetail", service));
        assertEquals(400, gone.getErrCode(), gone.getErrMsg());
    }

    @Test
    @DisplayName("a persistent instance: register, detail, list, update, partial update, batch metadata, deregister")
    void persistentInstance() throws Exception {
        String name = "persv3-" + UUID.randomUUID();
        Object service = service(name, 0f, Map.of());
        Object instance = instance("10.3.0.1", 8080, false, 1.0, true, Map.of("v", "1"));
        assertEquals("ok", sdk.call("registerInstance", service, instance).asText());

        JsonNode listed = sdk.call("listInstances", service, null, false);
        assertEquals(1, listed.size(), listed.toString());
        assertEquals("10.3.0.1", listed.get(0).path("ip").asText());
        assertFalse(listed.get(0).path("ephemeral").asBoolean());
        assertEquals("1", listed.get(0).path("metadata").path("v").asText());

        JsonNode detail = sdk.call("getInstanceDetail", service, instance);
        assertEquals(8080, detail.path("port").asInt(), detail.toString());
        assertEquals("DEFAULT", detail.path("clusterName").asText());

        sdk.call("updateInstance", service, instance("10.3.0.1", 8080, false, 3.0, true, Map.of("v", "2")));
        detail = sdk.call("getInstanceDetail", service, instance);
        assertEquals(3.0, detail.path("weight").asDouble(), 1e-9);
        assertEquals("2", detail.path("metadata").path("v").asText());

        sdk.call("partialUpdateInstance", service, instance("10.3.0.1", 8080, false, 3.0, false, Map.of("v", "3")));
        detail = sdk.call("getInstanceDetail", service, instance);
        assertFalse(detail.path("enabled").asBoolean(), detail.toString());
        assertEquals("3", detail.path("metadata").path("v").asText());
        assertEquals(1, sdk.call("listInstances", service, "DEFAULT", false).size(),
                "the admin list shows disabled instances too");

        JsonNode batch = sdk.call("batchUpdateInstanceMetadata", service, List.of(instance), Map.of("zone", "z1"));
        assertEquals(1, batch.path("updated").size(), batch.toString());
        assertEquals("z1", sdk.call("getInstanceDetail", service, instance).path("metadata").path("zone").asText());
        sdk.call("batchDeleteInstanceMetadata", service, List.of(instance), Map.of("zone", "z1"));
        assertTrue(sdk.call("getInstanceDetail", service, instance).path("metadata").path("zone").isMissingNode());

        JsonNode withInstances = sdk.call("listServicesWithDetail", PUBLIC, GROUP, name, 1, 10);
        assertEquals(1, withInstances.path("totalCount").asInt(), withInstances.toString());
        JsonNode hosts = withInstances.path("pageItems").get(0).path("clusterMap").path("DEFAULT").path("hosts");
        assertEquals("10.3.0.1", hosts.get(0).path("ip").asText(), withInstances.toString());

        assertEquals("ok", sdk.call("deregisterInstance", service, instance).asText());
        NacosException gone = assertThrows(NacosException.class,
                () -> sdk.call("getInstanceDetail", service, instance));
        assertEquals(404, gone.getErrCode(), gone.getErrMsg());
    }

    @Test
    @DisplayName("an ephemeral instance registered by the admin is listed until it is deregistered")
    void ephemeralInstance() throws Exception {
        Object service = service("ephv3-" + UUID.randomUUID(), 0f, Map.of());
        Object instance = instance("10.3.0.2", 9090, true, 1.0, true, Map.of());
        sdk.call("registerInstance", service, instance);
        JsonNode listed = sdk.call("listInstances", service, null, false);
        assertEquals(1, listed.size(), listed.toString());
        assertTrue(listed.get(0).path("ephemeral").asBoolean());
        sdk.call("deregisterInstance", service, instance);
        assertEquals(0, sdk.call("listInstances", service, null, false).size());
    }

    @Test
    @DisplayName("core: namespaces (create, check, get, list, update, delete), the node list and the server state")
    void core() throws Exception {
        String id = "nsv3-" + UUID.randomUUID().toString().substring(0, 8);
        assertTrue(sdk.call("createNamespace", id, "three", "made by the SDK").asBoolean());
        assertTrue(sdk.call("checkNamespaceIdExist", id).asBoolean());
        JsonNode one = sdk.call("getNamespace", id);
        assertEquals("three", one.path("namespaceShowName").asText(), one.toString());
        assertTrue(sdk.call("updateNamespace", id, "four", "renamed").asBoolean());
        List<String> names = new java.util.ArrayList<>();
        sdk.call("getNamespaceList").forEach(n -> names.add(n.path("namespace").asText() + "="
                + n.path("namespaceShowName").asText()));
        assertTrue(names.contains(id + "=four") && names.contains(PUBLIC + "=" + PUBLIC), names.toString());
        assertTrue(sdk.call("deleteNamespace", id).asBoolean());
        assertFalse(sdk.call("checkNamespaceIdExist", id).asBoolean());

        JsonNode nodes = sdk.call("listClusterNodes", null, null);
        assertEquals(1, nodes.size(), nodes.toString());
        assertEquals("UP", nodes.get(0).path("state").asText(), nodes.toString());
        JsonNode state = sdk.call("getServerState");
        assertFalse(state.path("version").asText().isEmpty(), state.toString());
        assertTrue(sdk.call("liveness").asBoolean());
    }

    private static Object service(String name, float threshold, Map<String, String> metadata) throws Exception {
        Map<String, Object> properties = new HashMap<>();
        properties.put("namespaceId", PUBLIC);
        properties.put("groupName", GROUP);
        properties.put("name", name);
        properties.put("protectThreshold", threshold);
        properties.put("metadata", new HashMap<>(metadata));
        return MaintainerSdk.model("com.alibaba.nacos.api.naming.pojo.Service", properties);
    }

    private static Object instance(String ip, int port, boolean ephemeral, double weight, boolean enabled,
                                   Map<String, String> metadata) throws Exception {
        Map<String, Object> properties = new HashMap<>();
        properties.put("ip", ip);
        properties.put("port", port);
        properties.put("ephemeral", ephemeral);
        properties.put("weight", weight);
        properties.put("enabled", enabled);
        properties.put("clusterName", "DEFAULT");
        properties.put("metadata", new HashMap<>(metadata));
        return MaintainerSdk.model("com.alibaba.nacos.api.naming.pojo.Instance", properties);
    }
}
