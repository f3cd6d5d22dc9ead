package io.jacos.it.client3.maintainer;

import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nacos 3's maintainer SDK 3.1.0 against {@code /nacos/v3/admin/core/loader}, with a real 3.1.1 naming client
 * connected: the client's connection is listed, moved by {@code reloadClient} (it reconnects under a new id and its
 * instance stays registered), counted in {@code cluster}; bad requests move nothing.
 */
@ExtendWith(SharedServer.class)
@DisplayName("Maintainer SDK 3.1.0: the loader's connections")
class LoaderMaintainerIT {

    private static final String GROUP = "V3_LOADER_GROUP";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    @DisplayName("a live client's connection is listed, moved and reconnects with its instance still registered")
    void reloadClientMovesALiveConnection() throws Exception {
        String name = "loader-" + UUID.randomUUID();
        Properties properties = new Properties();
        properties.put("serverAddr", SharedServer.serverAddr());
        NamingService client = NamingFactory.createNamingService(properties);
        try (MaintainerSdk sdk = MaintainerSdk.config(SharedServer.serverAddr(), Map.of())) {
            client.registerInstance(name, GROUP, "10.3.2.1", 8080);
            String before = awaitOwnConnection(name, "");
            JsonNode current = sdk.call("getCurrentClients");
            JsonNode meta = current.path(before).path("metaInfo");
            assertEquals(before, meta.path("connectionId").asText(), current.toString());
            assertEquals("GRPC", meta.path("connectType").asText());
            assertTrue(meta.path("version").asText().contains("3.1.1"), meta.toString());

            NacosHttp http = new NacosHttp(SharedServer.serverAddr());
            // Bad requests: nothing moves, the connection stays.
            NacosException unknown = assertThrows(NacosException.class,
                    () -> sdk.call("reloadSingleClient", "no-such-connection", null));
            assertEquals(404, unknown.getErrCode(), unknown.getErrMsg());
            assertEquals(400, http.call("POST", "/nacos/v3/admin/core/loader/reloadClient", Map.of(),
                    Map.of("connectionId", before, "redirectAddress", "127.0.0.1:1")).status());
            assertEquals(400, http.call("POST", "/nacos/v3/admin/core/loader/reloadCurrent", Map.of(),
                    Map.of("count", "-1")).status());
            assertEquals(400, http.call("POST", "/nacos/v3/admin/core/loader/smartReloadCluster", Map.of(),
                    Map.of("loaderFactor", "lots")).status());
            assertTrue(sdk.call("getCurrentClients").has(before), "a refused call moved the connection");

            sdk.call("reloadSingleClient", before, null);
            await().atMost(WAIT).until(() -> !sdk.call("getCurrentClients").has(before));
            // The moved client's instance is kept under its old id until its redo lands under the new one.
            String after = awaitOwnConnection(name, before);
            JsonNode listed = http.get("/nacos/v3/admin/ns/instance/list", Map.of("serviceName", name,
                    "groupName", GROUP)).json().path("data");
            assertEquals(1, listed.size(), listed.toString());
            assertEquals("10.3.2.1", listed.get(0).path("ip").asText());

            JsonNode metrics = sdk.call("getClusterLoaderMetrics");
            assertEquals(1, metrics.path("memberCount").asInt(), metrics.toString());
            assertTrue(metrics.path("completed").asBoolean(), metrics.toString());
            assertEquals(sdk.call("getCurrentClients").size(), metrics.path("total").asInt(), metrics.toString());
            // A standalone node has no peer to balance with: the pass answers success and moves nothing.
            sdk.call("smartReloadCluster", "0.1");
            assertTrue(sdk.call("getCurrentClients").has(after));
        } finally {
            client.shutDown();
        }
    }

    /** The id of the one connection that publishes the service's instance, once it is not {@code not}. */
    private static String awaitOwnConnection(String service, String not) {
        NacosHttp http = new NacosHttp(SharedServer.serverAddr());
        List<String> found = new ArrayList<>();
        await().atMost(WAIT).until(() -> {
            found.clear();
            JsonNode publishers = http.get("/nacos/v3/admin/ns/client/service/publisher/list",
                    Map.of("serviceName", service, "groupName", GROUP, "ip", "10.3.2.1", "port", "8080")).json()
                    .path("data");
            publishers.forEach(p -> found.add(p.path("clientId").asText()));
            return found.size() == 1 && !found.get(0).equals(not);
        });
        return found.get(0);
    }
}
