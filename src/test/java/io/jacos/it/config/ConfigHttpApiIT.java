package io.jacos.it.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NacosHttp.Answer;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The configuration service's HTTP API as tools and the 2.x console call it, raw: v1 {@code cs/configs} (content
 * with its headers, details, searches, writes), v2 {@code cs/config} in its envelope, compare-and-set on both, and
 * the history of v1 and v2.
 */
@ExtendWith(SharedServer.class)
class ConfigHttpApiIT {

    private static final String CONFIGS = "/nacos/v1/cs/configs";
    private static final String GROUP = "DEFAULT_GROUP";

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());

    private static String dataId(String suffix) {
        return "http-" + UUID.randomUUID() + suffix;
    }

    private Answer publishV1(String dataId, String content, String type) {
        return http.call("POST", CONFIGS, Map.of(), Map.of("dataId", dataId, "group", GROUP, "content", content,
                "type", type, "appName", "shop", "desc", "the shop", "config_tags", "a,b"));
    }

    @Test
    void v1ServesContentWithItsHeadersAndDetailsAndRemovesIt() throws Exception {
        String dataId = dataId(".yaml");
        Answer published = publishV1(dataId, "a: 1\nname: caf\u00e9", "yaml");
        assertEquals(200, published.status(), published::toString);
        assertEquals("true", published.body());

        java.net.http.HttpResponse<String> read = ConfigHttp.get(SharedServer.serverAddr(), CONFIGS + "?dataId="
                + dataId + "&group=" + GROUP);
        assertEquals(200, read.statusCode());
        assertEquals("a: 1\nname: caf\u00e9", read.body());
        assertEquals("yaml", read.headers().firstValue("Config-Type").orElseThrow());
        assertEquals(ConfigHttp.md5("a: 1\nname: caf\u00e9"), read.headers().firstValue("Content-MD5").orElseThrow());
        assertTrue(read.headers().firstValue("Cache-Control").orElseThrow().contains("no-store"));

        JsonNode detail = http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "show", "all")).json();
        assertEquals(dataId, detail.get("dataId").asText());
        assertEquals("", detail.get("tenant").asText(), "the default namespace is tenant \"\" to the 2.x console");
        assertEquals("shop", detail.get("appName").asText());
        assertEquals("the shop", detail.get("desc").asText());
        assertEquals("a,b", detail.get("configTags").asText());
        assertTrue(detail.get("id").isTextual(), "ids are strings");
        assertTrue(detail.get("modifyTime").asLong() > 0);

        assertEquals("true", http.call("DELETE", CONFIGS, Map.of("dataId", dataId, "group", GROUP)).body());
        Answer gone = http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP));
        assertEquals(404, gone.status(), "the 1.x client clears its snapshot on 404 only");
        assertEquals("config data not exist", gone.body().trim());
        assertEquals("", http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "show", "all")).body());
        assertEquals("true", http.call("DELETE", CONFIGS, Map.of("dataId", dataId, "group", GROUP)).body(),
                "removing what is gone succeeds");
    }

    @Test
    void storedPagesAreServedAsPlainTextNeverAsPages() throws Exception {
        String dataId = dataId(".html");
        assertEquals(200, publishV1(dataId, "<script>alert(1)</script>", "html").status());
        java.net.http.HttpResponse<String> read = ConfigHttp.get(SharedServer.serverAddr(), CONFIGS + "?dataId="
                + dataId + "&group=" + GROUP);
        assertTrue(read.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain"),
                read.headers()::toString);
        assertEquals("nosniff", read.headers().firstValue("X-Content-Type-Options").orElseThrow());
        assertEquals("html", read.headers().firstValue("Config-Type").orElseThrow());
    }

    @Test
    void searchesMatchExactlyOrByPatternWithinTheNamespace() {
        String prefix = "srch-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> ids = new ArrayList<>();
        for (String name : List.of("-a.properties", "-b.properties", "-c.yaml")) {
            ids.add(prefix + name);
            assertEquals(200, publishV1(prefix + name, "k=v", "properties").status());
        }
        JsonNode blur = http.get(CONFIGS, Map.of("search", "blur", "dataId", prefix + "*.properties", "group", "",
                "pageNo", "1", "pageSize", "1")).json();
        assertEquals(2, blur.get("totalCount").asInt(), blur::toString);
        assertEquals(2, blur.get("pagesAvailable").asInt());
        assertEquals(1, blur.get("pageItems").size());
        assertEquals(ids.get(0), blur.get("pageItems").get(0).get("dataId").asText());

        JsonNode exact = http.get(CONFIGS, Map.of("search", "accurate", "dataId", ids.get(2), "group", GROUP,
                "pageNo", "1", "pageSize", "10")).json();
        assertEquals(1, exact.get("totalCount").asInt());
        assertEquals("k=v", exact.get("pageItems").get(0).get("content").asText());

        JsonNode otherNamespace = http.get(CONFIGS, Map.of("search", "blur", "dataId", prefix + "*",
                "tenant", "some-other-ns", "pageNo", "1", "pageSize", "10")).json();
        assertEquals(0, otherNamespace.get("totalCount").asInt());
        Answer unknownMode = http.get(CONFIGS, Map.of("search", "regex", "dataId", "x", "pageNo", "1",
                "pageSize", "10"));
        assertEquals(400, unknownMode.status(), unknownMode::toString);
    }

    @Test
    void compareAndSetRefusesAStaleMd5OnV1AndV2() throws Exception {
        String dataId = dataId(".properties");
        assertEquals(200, publishV1(dataId, "v=1", "properties").status());
        String addr = SharedServer.serverAddr();
        java.net.http.HttpResponse<String> stale = ConfigHttp.post(addr, CONFIGS, "dataId=" + dataId + "&group="
                + GROUP + "&content=v%3D2", Map.of("casMd5", ConfigHttp.md5("v=0")));
        assertEquals(500, stale.statusCode(), stale::body);
        assertTrue(stale.body().contains("Cas publish fail"), stale::body);

        java.net.http.HttpResponse<String> staleV2 = ConfigHttp.post(addr, "/nacos/v2/cs/config", "dataId=" + dataId
                + "&group=" + GROUP + "&content=v%3D2", Map.of("casMd5", ConfigHttp.md5("v=0")));
        assertEquals(500, staleV2.statusCode(), staleV2::body);
        assertTrue(staleV2.body().contains("\"code\":20005"), staleV2::body);
        assertEquals("v=1", http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP)).body(), "nothing changed");

        java.net.http.HttpResponse<String> current = ConfigHttp.post(addr, "/nacos/v2/cs/config", "dataId=" + dataId
                + "&group=" + GROUP + "&content=v%3D2", Map.of("casMd5", ConfigHttp.md5("v=1")));
        assertEquals(200, current.statusCode(), current::body);
        assertEquals("v=2", http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP)).body());
    }

    @Test
    void v2AnswersInItsEnvelope() {
        String dataId = dataId(".json");
        String v2 = "/nacos/v2/cs/config";
        Answer missing = http.get(v2, Map.of("dataId", dataId, "group", GROUP));
        assertEquals(404, missing.status());
        assertEquals(20004, missing.json().get("code").asInt(), missing::toString);
        Answer published = http.call("POST", v2, Map.of(), Map.of("dataId", dataId, "group", GROUP,
                "content", "{\"a\":1}", "type", "json"));
        assertEquals(200, published.status(), published::toString);
        assertTrue(published.json().get("data").asBoolean());
        Answer read = http.get(v2, Map.of("dataId", dataId, "group", GROUP, "namespaceId", "public"));
        assertEquals(0, read.json().get("code").asInt());
        assertEquals("{\"a\":1}", read.json().get("data").asText());
        Answer noGroup = http.get(v2, Map.of("dataId", dataId));
        assertEquals(400, noGroup.status());
        assertEquals(10000, noGroup.json().get("code").asInt(), noGroup::toString);
        assertTrue(http.call("DELETE", v2, Map.of("dataId", dataId, "group", GROUP)).json().get("data").asBoolean());
        assertEquals(404, http.get(v2, Map.of("dataId", dataId, "group", GROUP)).status());
    }

    @Test
    void historyListsChangesNewestFirstAndServesOneAndThePrevious() {
        String dataId = dataId(".properties");
        publishV1(dataId, "v=1", "properties");
        publishV1(dataId, "v=2", "properties");
        http.call("DELETE", CONFIGS, Map.of("dataId", dataId, "group", GROUP));
        JsonNode page = http.get("/nacos/v1/cs/history", Map.of("search", "accurate", "dataId", dataId, "group",
                GROUP, "pageNo", "1", "pageSize", "10")).json();
        assertEquals(3, page.get("totalCount").asInt(), page::toString);
        List<String> ops = new ArrayList<>();
        List<String> contents = new ArrayList<>();
        page.get("pageItems").forEach(item -> {
            ops.add(item.get("opType").asText());
            assertTrue(item.path("content").isNull(), "a history page carries no content, as Nacos's: " + item);
            contents.add(http.get("/nacos/v1/cs/history", Map.of("nid", item.get("id").asText(), "dataId", dataId,
                    "group", GROUP)).json().get("content").asText());
        });
        assertEquals(List.of("D", "U", "I"), ops);
        assertEquals(List.of("v=2", "v=1", "v=1"), contents, "U and D keep the content before, I the new one");

        String nid = page.get("pageItems").get(1).get("id").asText();
        JsonNode one = http.get("/nacos/v1/cs/history", Map.of("nid", nid, "dataId", dataId, "group", GROUP)).json();
        assertEquals("U", one.get("opType").asText());
        assertEquals("", http.get("/nacos/v1/cs/history", Map.of("nid", nid, "dataId", "another", "group", GROUP))
                .body(), "a change is not served under another configuration's name");
        Answer v2 = http.get("/nacos/v2/cs/history", Map.of("nid", nid, "dataId", "another", "group", GROUP));
        assertEquals(404, v2.status());
        assertEquals(20004, v2.json().get("code").asInt());
        Answer v2List = http.get("/nacos/v2/cs/history/list", Map.of("dataId", dataId, "group", GROUP));
        assertEquals(3, v2List.data().get("totalCount").asInt(), v2List::toString);
    }

    @Test
    void previousIsTheNewestChangeOfTheConfigurationRow() {
        String dataId = dataId(".properties");
        publishV1(dataId, "v=1", "properties");
        publishV1(dataId, "v=2", "properties");
        String id = http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "show", "all")).json().get("id")
                .asText();
        JsonNode previous = http.get("/nacos/v1/cs/history/previous", Map.of("id", id, "dataId", dataId,
                "group", GROUP)).json();
        assertEquals("v=1", previous.get("content").asText(), "what it held before its last change");
        assertEquals("U", previous.get("opType").asText());
        JsonNode configs = http.get("/nacos/v1/cs/history/configs", Map.of("tenant", "")).json();
        List<String> listed = new ArrayList<>();
        configs.forEach(c -> listed.add(c.get("dataId").asText()));
        assertTrue(listed.contains(dataId), listed::toString);
        assertFalse(http.get("/nacos/v1/cs/history/previous", Map.of("id", "abc", "dataId", dataId,
                "group", GROUP)).status() == 200, "a row id must be a number");
    }
}
