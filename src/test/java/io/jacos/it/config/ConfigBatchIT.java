package io.jacos.it.config;

import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console's work on configurations picked by row id: removal ({@code delType=ids} on v1,
 * {@code /v3/admin/cs/config/batch}), each removal in the history and told to a listening nacos-client, and clone
 * (v1 {@code clone=true}, v3 {@code /clone}) with the import's policies and answers. Refused requests change nothing.
 */
@ExtendWith(SharedServer.class)
class ConfigBatchIT {

    private static final String CONFIGS = "/nacos/v1/cs/configs";
    private static final String V3 = "/nacos/v3/admin/cs/config";
    private static final String GROUP = "BATCH_GROUP";
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final ObjectMapper mapper = new ObjectMapper();
    private final List<ConfigService> clients = new ArrayList<>();
    private String source;

    @BeforeEach
    void fillASourceNamespace() {
        source = http.createNamespace("batch");
        for (String dataId : List.of("a.properties", "b.properties", "c.properties")) {
            publish(source, GROUP, dataId, "about=" + dataId);
        }
    }

    @AfterEach
    void shutDownClients() throws Exception {
        for (ConfigService client : clients) {
            client.shutDown();
        }
    }

    @Test
    void v1RemovesByIdsWithHistoryAndTellsAListeningClient() throws Exception {
        List<String> heard = new CopyOnWriteArrayList<>();
        ConfigService client = client(source);
        assertEquals("about=a.properties", client.getConfigAndSignListener("a.properties", GROUP, 3000,
                new AbstractListener() {
                    @Override
                    public void receiveConfigInfo(String configInfo) {
                        heard.add(String.valueOf(configInfo));
                    }
                }));

        Answer removed = http.call("DELETE", CONFIGS, Map.of("delType", "ids", "tenant", source,
                "ids", id("a.properties") + "," + id("b.properties") + ",987654321"));
        assertEquals(200, removed.status(), removed::toString);
        assertEquals(mapper.readTree("{\"code\":200,\"message\":null,\"data\":true}"), removed.json());

        assertEquals(404, read(source, GROUP, "a.properties").statusCode());
        assertEquals(404, read(source, GROUP, "b.properties").statusCode());
        assertEquals("about=c.properties", read(source, GROUP, "c.properties").body());
        JsonNode history = http.get("/nacos/v1/cs/history", Map.of("search", "accurate", "dataId", "a.properties",
                "group", GROUP, "tenant", source, "pageNo", "1", "pageSize", "10")).json();
        assertEquals("D", history.get("pageItems").get(0).get("opType").asText(), history::toString);
        await().atMost(WAIT).until(() -> heard.contains("null") || heard.contains(""));
    }

    @Test
    void badIdListsAreRefusedAndRemoveNothing() {
        String c = id("c.properties");
        String tooMany = LongStream.rangeClosed(1, 1001).mapToObj(Long::toString).collect(Collectors.joining(","));
        for (Map<String, String> bad : List.of(Map.of("delType", "ids", "ids", c + ",x"),
                Map.of("delType", "ids", "ids", c + "," + tooMany), Map.of("delType", "ids"))) {
            Answer refused = http.call("DELETE", CONFIGS, bad);
            assertEquals(400, refused.status(), refused::toString);
            assertFalse(refused.body().contains("\tat "), refused::toString);
        }
        Answer v3 = http.call("DELETE", V3 + "/batch", Map.of("ids", c + "," + tooMany));
        assertEquals(400, v3.status(), v3::toString);
        assertEquals(20002, v3.json().get("code").asInt(), v3::toString);
        assertEquals(200, read(source, GROUP, "c.properties").statusCode(), "nothing was removed");
    }

    @Test
    void v3BatchRemovesByIds() {
        Answer removed = http.call("DELETE", V3 + "/batch", Map.of("ids", id("a.properties") + ","
                + id("c.properties")));
        assertEquals(200, removed.status(), removed::toString);
        assertEquals(0, removed.json().get("code").asInt());
        assertTrue(removed.json().get("data").asBoolean());
        assertEquals(404, read(source, GROUP, "a.properties").statusCode());
        assertEquals(404, read(source, GROUP, "c.properties").statusCode());
        assertEquals(200, read(source, GROUP, "b.properties").statusCode());
    }

    @Test
    void v1ClonesWithEachPolicy() throws Exception {
        String target = http.createNamespace("clone");
        publish(target, GROUP, "b.properties", "kept");
        String body = "[{\"cfgId\":" + id("a.properties") + ",\"dataId\":\"a2.properties\",\"group\":\"G2\"},"
                + "{\"cfgId\":\"" + id("b.properties") + "\",\"dataId\":\"\",\"group\":null}]";

        JsonNode aborted = cloneV1(target, "ABORT", body);
        assertEquals(0, aborted.get("data").get("succCount").asInt(), aborted::toString);
        assertEquals("b.properties", aborted.get("data").get("failData").get(0).get("dataId").asText());
        assertEquals(404, read(target, "G2", "a2.properties").statusCode(), "ABORT wrote nothing");

        JsonNode skipped = cloneV1(target, "SKIP", body);
        assertEquals(200, skipped.get("code").asInt(), skipped::toString);
        assertEquals("Clone Completed Successfully", skipped.get("message").asText());
        assertEquals(1, skipped.get("data").get("succCount").asInt(), skipped::toString);
        assertEquals(1, skipped.get("data").get("skipCount").asInt());
        assertEquals("b.properties", skipped.get("data").get("skipData").get(0).get("dataId").asText());
        assertEquals("about=a.properties", read(target, "G2", "a2.properties").body());
        assertEquals("kept", read(target, GROUP, "b.properties").body());

        JsonNode overwritten = cloneV1(target, "OVERWRITE", body);
        assertEquals(2, overwritten.get("data").get("succCount").asInt(), overwritten::toString);
        assertEquals("about=b.properties", read(target, GROUP, "b.properties").body());
    }

    @Test
    void refusedClonesAnswerNacosCodesAndWriteNothing() throws Exception {
        String target = http.createNamespace("refused");
        String one = "[{\"cfgId\":" + id("a.properties") + "}]";
        assertEquals(100006, mapper.readTree(postJson(CONFIGS + "?clone=true&tenant=" + target, "[]").body())
                .get("code").asInt());
        assertEquals(100001, mapper.readTree(postJson(CONFIGS + "?clone=true&tenant=no-such-ns", one).body())
                .get("code").asInt());
        assertEquals(100005, mapper.readTree(postJson(CONFIGS + "?clone=true&tenant=" + target,
                "[{\"cfgId\":987654321}]").body()).get("code").asInt());
        for (String bad : List.of("{\"cfgId\":1}", "[{\"cfgId\":1.5}]", "[{\"cfgId\":" + id("a.properties")
                + ",\"group\":\"bad group!\"}]", "[{")) {
            HttpResponse<String> refused = postJson(CONFIGS + "?clone=true&policy=OVERWRITE&tenant=" + target, bad);
            assertEquals(400, refused.statusCode(), refused::body);
            assertFalse(refused.body().contains("\tat "), refused::body);
        }
        HttpResponse<String> badPolicy = postJson(CONFIGS + "?clone=true&policy=MERGE&tenant=" + target, one);
        assertEquals(400, badPolicy.statusCode(), badPolicy::body);
        HttpResponse<String> notClone = postJson(CONFIGS + "?tenant=" + target, one);
        assertEquals(415, notClone.statusCode(), notClone::body);
        assertEquals(0, http.get(CONFIGS, Map.of("search", "blur", "tenant", target, "dataId", "*", "group", "*",
                "pageNo", "1", "pageSize", "10")).json().get("totalCount").asInt(), "nothing was written");
    }

    @Test
    void v3ClonesIntoANamespace() throws Exception {
        String target = http.createNamespace("v3clone");
        HttpResponse<String> cloned = postJson(V3 + "/clone?policy=OVERWRITE&namespaceId=" + target,
                "[{\"configId\":" + id("c.properties") + ",\"targetGroupName\":\"G3\",\"targetDataId\":\"c3\"}]");
        assertEquals(200, cloned.statusCode(), cloned::body);
        JsonNode answer = mapper.readTree(cloned.body());
        assertEquals(0, answer.get("code").asInt(), cloned::body);
        assertEquals(1, answer.get("data").get("succCount").asInt(), cloned::body);
        assertEquals("about=c.properties", read(target, "G3", "c3").body());

        HttpResponse<String> none = postJson(V3 + "/clone?namespaceId=" + target, "[]");
        assertEquals(100006, mapper.readTree(none.body()).get("code").asInt(), none::body);
    }

    private void publish(String tenant, String group, String dataId, String content) {
        Answer published = http.call("POST", CONFIGS, Map.of(), Map.of("tenant", tenant, "dataId", dataId,
                "group", group, "content", content));
        assertEquals(200, published.status(), published::toString);
    }

    /** The row id the v1 search shows for the source namespace's configuration. */
    private String id(String dataId) {
        JsonNode page = http.get(CONFIGS, Map.of("search", "accurate", "tenant", source, "dataId", dataId,
                "group", GROUP, "pageNo", "1", "pageSize", "10")).json();
        return page.get("pageItems").get(0).get("id").asText();
    }

    private HttpResponse<String> read(String tenant, String group, String dataId) {
        try {
            return ConfigHttp.get(SharedServer.serverAddr(), CONFIGS + "?tenant=" + tenant + "&group=" + group
                    + "&dataId=" + dataId);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private JsonNode cloneV1(String tenant, String policy, String body) throws Exception {
        return mapper.readTree(postJson(CONFIGS + "?clone=true&policy=" + policy + "&tenant=" + tenant, body).body());
    }

    private HttpResponse<String> postJson(String pathAndQuery, String body) throws Exception {
        return ConfigHttp.client().send(HttpRequest.newBuilder(URI.create("http://" + SharedServer.serverAddr()
                        + pathAndQuery)).timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build(),
                HttpResponse.BodyHandlers.ofString());
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
