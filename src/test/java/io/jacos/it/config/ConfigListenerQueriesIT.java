package io.jacos.it.config;

import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The v1 listener queries the 2.x console makes: {@code GET /nacos/v1/cs/configs/listener} (who listens to a
 * configuration; the POST on that path is the long poll) and {@code GET /nacos/v1/cs/listener} (what a client at an
 * address listens to), with a 1.x long poll and a nacos-client 2.x listening.
 */
@ExtendWith(SharedServer.class)
class ConfigListenerQueriesIT {

    private static final String CONFIGS = "/nacos/v1/cs/configs";
    private static final String GROUP = "DEFAULT_GROUP";
    private static final String HERE = "127.0.0.1";
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final List<ConfigService> clients = new ArrayList<>();

    @AfterEach
    void shutDownClients() throws Exception {
        for (ConfigService client : clients) {
            client.shutDown();
        }
    }

    @Test
    void theConfigurationsListenersAreNamedByAddressWithTheMd5APollHolds() throws Exception {
        String tenant = http.createNamespace("listeners");
        String dataId = "lq-" + UUID.randomUUID();
        publish(tenant, dataId, "v=1");
        Map<String, String> query = Map.of("dataId", dataId, "group", GROUP, "tenant", tenant);
        NacosHttp.Answer none = http.get(CONFIGS + "/listener", query);
        assertEquals(200, none.status(), none::toString);
        assertEquals(200, none.json().get("collectStatus").asInt());
        assertEquals(0, none.json().get("lisentersGroupkeyStatus").size(), none::toString);

        CompletableFuture<HttpResponse<String>> held = ConfigHttp.client().sendAsync(ConfigHttp.postRequest(
                SharedServer.serverAddr(), CONFIGS + "/listener", "Listening-Configs=" + URLEncoder.encode(dataId
                        + "\u0002" + GROUP + "\u0002" + ConfigHttp.md5("v=1") + "\u0002" + tenant + "\u0001",
                        StandardCharsets.UTF_8), Map.of("Long-Pulling-Timeout", "30000")),
                HttpResponse.BodyHandlers.ofString());
        await().atMost(WAIT).untilAsserted(() -> assertEquals(ConfigHttp.md5("v=1"),
                status(query).path(HERE).asText(null), () -> status(query) + ", held " + held.isDone()));

        ConfigService client = client(tenant);
        client.getConfigAndSignListener(dataId, GROUP, 3000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
            }
        });
        publish(tenant, dataId, "v=2");
        // Answered by the change, the poll is gone: the gRPC listener is left.
        assertEquals(200, held.get(10, TimeUnit.SECONDS).statusCode());
        await().atMost(WAIT).untilAsserted(() -> {
            JsonNode status = status(query);
            // The gRPC client is named by the address it reports of itself; its md5 is not kept.
            assertTrue(status.size() == 1 && status.elements().next().isNull(), status::toString);
        });
    }

    @Test
    void aClientsListenedConfigurationsAreFoundByItsAddress() throws Exception {
        String tenant = http.createNamespace("byip");
        String polled = "ip-poll-" + UUID.randomUUID();
        String pushed = "ip-grpc-" + UUID.randomUUID();
        publish(tenant, polled, "v=1");
        publish(tenant, pushed, "v=1");
        CompletableFuture<HttpResponse<String>> held = ConfigHttp.client().sendAsync(ConfigHttp.postRequest(
                SharedServer.serverAddr(), CONFIGS + "/listener", "Listening-Configs=" + URLEncoder.encode(polled
                        + "\u0002" + GROUP + "\u0002" + ConfigHttp.md5("v=1") + "\u0002" + tenant + "\u0001",
                        StandardCharsets.UTF_8), Map.of("Long-Pulling-Timeout", "30000")),
                HttpResponse.BodyHandlers.ofString());
        String polledKey = polled + "+" + GROUP + "+" + tenant;
        await().atMost(WAIT).untilAsserted(() -> assertEquals(ConfigHttp.md5("v=1"),
                listened(Map.of("ip", HERE, "tenant", tenant)).path(polledKey).asText(null)));
        assertFalse(listened(Map.of("ip", HERE)).has(polledKey), "the default namespace's only, without tenant");
        assertTrue(listened(Map.of("ip", HERE, "all", "true")).has(polledKey), "every namespace with all=true");
        NacosHttp.Answer v3 = http.get("/nacos/v3/admin/cs/listener", Map.of("ip", HERE, "namespaceId", tenant));
        assertEquals(200, v3.status(), v3::toString);
        assertEquals("ip", v3.data().path("queryType").asText(), v3::toString);
        assertEquals(ConfigHttp.md5("v=1"), v3.data().path("listenersStatus").path(polledKey).asText(null),
                v3::toString);
        assertFalse(http.get("/nacos/v3/admin/cs/listener", Map.of("ip", HERE)).data().path("listenersStatus")
                .has(polledKey), "the default namespace's only, without namespaceId");

        ConfigService client = client(tenant);
        client.getConfigAndSignListener(pushed, GROUP, 3000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
            }
        });
        Map<String, String> query = Map.of("dataId", pushed, "group", GROUP, "tenant", tenant);
        await().atMost(WAIT).until(() -> status(query).size() == 1);
        String address = status(query).fieldNames().next();
        JsonNode byGrpc = listened(Map.of("ip", address, "tenant", tenant));
        String pushedKey = pushed + "+" + GROUP + "+" + tenant;
        assertEquals(ConfigHttp.md5("v=1"), byGrpc.path(pushedKey).asText(null), byGrpc::toString);

        publish(tenant, polled, "v=2");
        assertEquals(200, held.get(10, TimeUnit.SECONDS).statusCode());
        await().atMost(WAIT).until(() -> !listened(Map.of("ip", HERE, "tenant", tenant)).has(polledKey));
        NacosHttp.Answer noIp = http.get("/nacos/v1/cs/listener", Map.of("tenant", tenant));
        assertEquals(400, noIp.status(), noIp::toString);
    }

    @Test
    void aBlankGroupIsTheDefaultAndMissingNamesAreRefused() {
        NacosHttp.Answer blank = http.get(CONFIGS + "/listener", Map.of("dataId", "lq-blank", "group", ""));
        assertEquals(200, blank.status(), blank::toString);
        for (Map<String, String> bad : List.of(Map.of("group", GROUP), Map.of("dataId", "lq-bad"),
                Map.of("dataId", "bad id!", "group", GROUP))) {
            NacosHttp.Answer refused = http.get(CONFIGS + "/listener", bad);
            assertEquals(400, refused.status(), refused::toString);
            assertFalse(refused.body().contains("\tat "), refused::toString);
        }
    }

    private JsonNode status(Map<String, String> query) {
        NacosHttp.Answer answer = http.get(CONFIGS + "/listener", query);
        assertTrue(answer.status() == 200, answer::toString);
        return answer.json().get("lisentersGroupkeyStatus");
    }

    private JsonNode listened(Map<String, String> query) {
        NacosHttp.Answer answer = http.get("/nacos/v1/cs/listener", query);
        assertTrue(answer.status() == 200, answer::toString);
        assertEquals(200, answer.json().get("collectStatus").asInt());
        return answer.json().get("lisentersGroupkeyStatus");
    }

    private void publish(String tenant, String dataId, String content) {
        NacosHttp.Answer published = http.call("POST", CONFIGS, Map.of(), Map.of("tenant", tenant, "dataId", dataId,
                "group", GROUP, "content", content));
        assertEquals(200, published.status(), published::toString);
    }

    private ConfigService client(String namespace) throws Exception {
        Properties properties = new Properties();
        properties.put("serverAddr", SharedServer.serverAddr());
        properties.put("namespace", namespace);
        ConfigService client = ConfigFactory.createConfigService(properties);
        clients.add(client);
        return client;
    }
}
