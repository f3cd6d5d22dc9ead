package io.jacos.it.config;

import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A namespace exported and imported as the Nacos console does it: v1 {@code exportV2} and {@code export}, the
 * multipart v1 {@code import} with each policy (a nacos-client 2.5.1 listening in the target namespace is told of an
 * overwritten configuration), refusals in Nacos's codes, and the same through {@code /nacos/admin/config-archive} and
 * Nacos 3's {@code /nacos/v3/admin/cs/config/export} and {@code /import}.
 */
@ExtendWith(SharedServer.class)
class ConfigArchiveIT {

    private static final String CONFIGS = "/nacos/v1/cs/configs";
    private static final String ARCHIVE = "/nacos/admin/config-archive";
    private static final String GROUP = "ARCHIVE_GROUP";
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Map<String, String> CONTENTS = Map.of(
            "a.yaml", "a: 1\nname: caf\u00e9\n",
            "b.properties", "b=1",
            "c.json", "{\"c\": \"\u2713\"}");
    private static final Map<String, String> TYPES = Map.of("a.yaml", "yaml", "b.properties", "properties",
            "c.json", "json");

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final ObjectMapper mapper = new ObjectMapper();
    private final List<ConfigService> clients = new ArrayList<>();
    private String source;

    @BeforeEach
    void fillASourceNamespace() {
        source = http.createNamespace("export");
        CONTENTS.forEach((dataId, content) -> assertEquals(200, http.call("POST", CONFIGS, Map.of(),
                Map.of("tenant", source, "dataId", dataId, "group", GROUP, "content", content,
                        "type", TYPES.get(dataId), "appName", "shop", "desc", "about " + dataId)).status()));
    }

    @AfterEach
    void shutDownClients() throws Exception {
        for (ConfigService client : clients) {
            client.shutDown();
        }
    }

    @Test
    void anExportV2ImportsIntoAnotherNamespaceWithContentTypeAndMd5() throws Exception {
        HttpResponse<byte[]> exported = get(CONFIGS + "?exportV2=true&tenant=" + source);
        assertEquals(200, exported.statusCode());
        assertTrue(exported.headers().firstValue("Content-Disposition").orElseThrow()
                .matches("attachment;filename=nacos_config_export_\\d{14}\\.zip"), exported.headers()::toString);
        Map<String, String> entries = unzip(exported.body());
        assertEquals(CONTENTS.get("a.yaml"), entries.get(GROUP + "/a.yaml"));
        assertTrue(entries.get(".metadata.yml").contains("appName: shop"), entries.get(".metadata.yml"));

        String target = http.createNamespace("import");
        JsonNode imported = importV1(target, "ABORT", exported.body());
        assertEquals(200, imported.get("code").asInt(), imported::toString);
        assertEquals(3, imported.get("data").get("succCount").asInt(), imported::toString);
        for (String dataId : CONTENTS.keySet()) {
            HttpResponse<String> read = ConfigHttp.get(SharedServer.serverAddr(), CONFIGS + "?tenant=" + target
                    + "&group=" + GROUP + "&dataId=" + dataId);
            assertEquals(CONTENTS.get(dataId), read.body());
            assertEquals(TYPES.get(dataId), read.headers().firstValue("Config-Type").orElseThrow());
            assertEquals(ConfigHttp.md5(CONTENTS.get(dataId)), read.headers().firstValue("Content-MD5").orElseThrow());
        }
        JsonNode detail = http.get(CONFIGS, Map.of("tenant", target, "group", GROUP, "dataId", "a.yaml",
                "show", "all")).json();
        assertEquals("shop", detail.get("appName").asText());
        assertEquals("about a.yaml", detail.get("desc").asText());
    }

    @Test
    void abortImportsNothingSkipKeepsAndOverwriteTellsAListeningClient() throws Exception {
        byte[] zip = get(CONFIGS + "?exportV2=true&tenant=" + source).body();
        String target = http.createNamespace("policies");
        assertEquals(200, http.call("POST", CONFIGS, Map.of(), Map.of("tenant", target, "dataId", "c.json",
                "group", GROUP, "content", "{\"c\": \"kept\"}", "type", "json")).status());
        List<String> heard = new CopyOnWriteArrayList<>();
        ConfigService listening = client(target);
        assertEquals("{\"c\": \"kept\"}", listening.getConfigAndSignListener("c.json", GROUP, 3000,
                new AbstractListener() {
                    @Override
                    public void receiveConfigInfo(String configInfo) {
                        heard.add(configInfo);
                    }
                }));

        JsonNode aborted = importV1(target, "ABORT", zip).get("data");
        assertEquals(0, aborted.get("succCount").asInt(), aborted::toString);
        assertEquals("c.json", aborted.get("failData").get(0).get("dataId").asText());
        assertEquals(2, aborted.get("skipCount").asInt());
        assertEquals(404, ConfigHttp.get(SharedServer.serverAddr(), CONFIGS + "?tenant=" + target + "&group="
                + GROUP + "&dataId=a.yaml").statusCode(), "ABORT wrote nothing");

        JsonNode skipped = importV1(target, "SKIP", zip).get("data");
        assertEquals(2, skipped.get("succCount").asInt(), skipped::toString);
        assertEquals("c.json", skipped.get("skipData").get(0).get("dataId").asText());
        assertEquals("{\"c\": \"kept\"}", listening.getConfig("c.json", GROUP, 3000));

        JsonNode overwritten = importV1(target, "OVERWRITE", zip).get("data");
        assertEquals(3, overwritten.get("succCount").asInt(), overwritten::toString);
        await().atMost(WAIT).until(() -> heard.contains(CONTENTS.get("c.json")));
    }

    @Test
    void theFirstFormatCarriesAppNamesAndImportsToo() throws Exception {
        HttpResponse<byte[]> exported = get(CONFIGS + "?export=true&tenant=" + source + "&group=" + GROUP);
        Map<String, String> entries = unzip(exported.body());
        assertFalse(entries.containsKey(".metadata.yml"));
        assertTrue(entries.get(".meta.yml").contains(GROUP + ".a~yaml.app=shop"), entries::toString);

        String target = http.createNamespace("v1");
        assertEquals(3, importV1(target, "ABORT", exported.body()).get("data").get("succCount").asInt());
        assertEquals(CONTENTS.get("b.properties"), ConfigHttp.get(SharedServer.serverAddr(), CONFIGS + "?tenant="
                + target + "&group=" + GROUP + "&dataId=b.properties").body());
    }

    @Test
    void hostileOrEmptyUploadsAreRefusedInNacosCodesWithA400() throws Exception {
        String target = http.createNamespace("refused");
        HttpResponse<String> traversal = postImport(target, "OVERWRITE", zipOf(Map.of("../../etc/passwd", "x")));
        assertEquals(400, traversal.statusCode(), traversal::body);
        assertEquals(100004, mapper.readTree(traversal.body()).get("code").asInt(), traversal::body);

        HttpResponse<String> badYaml = postImport(target, "OVERWRITE", zipOf(Map.of("G/a", "a",
                ".metadata.yml", "metadata:\n- dataId: &x a\n")));
        assertEquals(100002, mapper.readTree(badYaml.body()).get("code").asInt(), badYaml::body);

        HttpResponse<String> empty = postImport(target, "OVERWRITE", zipOf(Map.of()));
        assertEquals(100005, mapper.readTree(empty.body()).get("code").asInt(), empty::body);

        HttpResponse<String> unknown = postImport("no-such-namespace", "ABORT", zipOf(Map.of("G/a", "a")));
        assertEquals(100001, mapper.readTree(unknown.body()).get("code").asInt(), unknown::body);
    }

    @Test
    void theAdminApiExportsAndImportsTheSameZip() throws Exception {
        HttpResponse<byte[]> exported = get(ARCHIVE + "?namespaceId=" + source);
        assertEquals(200, exported.statusCode());
        assertTrue(exported.headers().firstValue("Content-Disposition").orElseThrow()
                .matches("attachment;filename=jacos_config_" + source + "_\\d{14}\\.zip"), exported.headers()::toString);
        assertEquals(CONTENTS.get("c.json"), unzip(exported.body()).get(GROUP + "/c.json"));

        String target = http.createNamespace("admin");
        HttpResponse<String> imported = ConfigHttp.client().send(HttpRequest.newBuilder(URI.create("http://"
                        + SharedServer.serverAddr() + ARCHIVE + "?policy=OVERWRITE&namespaceId=" + target))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/zip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(exported.body())).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode answer = mapper.readTree(imported.body());
        assertEquals(200, imported.statusCode(), imported::body);
        assertEquals(0, answer.get("code").asInt());
        assertEquals(3, answer.get("data").get("succCount").asInt());

        HttpResponse<String> broken = ConfigHttp.client().send(HttpRequest.newBuilder(URI.create("http://"
                        + SharedServer.serverAddr() + ARCHIVE + "?namespaceId=" + target))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/zip")
                .POST(HttpRequest.BodyPublishers.ofByteArray("not a zip".getBytes(StandardCharsets.UTF_8))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, broken.statusCode(), broken::body);
    }

    @Test
    void theV3AdminRoutesExportAndImportAsNacos3Does() throws Exception {
        String v3 = "/nacos/v3/admin/cs/config/";
        HttpResponse<byte[]> exported = get(v3 + "export?namespaceId=" + source + "&groupName=" + GROUP
                + "&dataId=*.yaml");
        assertEquals(200, exported.statusCode());
        Map<String, String> entries = unzip(exported.body());
        assertEquals(CONTENTS.get("a.yaml"), entries.get(GROUP + "/a.yaml"));
        assertFalse(entries.containsKey(GROUP + "/b.properties"), "only what the data id pattern matches");
        assertTrue(entries.get(".metadata.yml").contains("type: yaml"), entries::toString);

        String target = http.createNamespace("v3import");
        HttpResponse<String> imported = upload(v3 + "import?namespaceId=" + target + "&policy=OVERWRITE",
                get(v3 + "export?namespaceId=" + source).body());
        JsonNode answer = mapper.readTree(imported.body());
        assertEquals(200, imported.statusCode(), imported::body);
        assertEquals(0, answer.get("code").asInt(), imported::body);
        assertEquals(3, answer.get("data").get("succCount").asInt(), imported::body);
        JsonNode read = http.get("/nacos/v3/admin/cs/config", Map.of("namespaceId", target, "groupName", GROUP,
                "dataId", "c.json")).data();
        assertEquals(CONTENTS.get("c.json"), read.get("content").asText());
        assertEquals("json", read.get("type").asText());

        Map<String, Integer> refusals = new LinkedHashMap<>();
        refusals.put("import?namespaceId=" + target, 100004);
        refusals.put("import?namespaceId=no-such-namespace", 22001);
        for (Map.Entry<String, Integer> refusal : refusals.entrySet()) {
            byte[] body = refusal.getValue() == 100004 ? zipOf(Map.of("../../etc/passwd", "x"))
                    : zipOf(Map.of("G/a", "a", ".metadata.yml", "metadata:\n- dataId: a\n  group: G\n  type: text\n"));
            HttpResponse<String> refused = upload(v3 + refusal.getKey(), body);
            assertEquals(400, refused.statusCode(), refused::body);
            assertEquals(refusal.getValue(), mapper.readTree(refused.body()).get("code").asInt(), refused::body);
        }
        HttpResponse<String> empty = upload(v3 + "import?namespaceId=" + target, zipOf(Map.of()));
        assertEquals(100005, mapper.readTree(empty.body()).get("code").asInt(), empty::body);
    }

    private ConfigService client(String namespace) throws Exception {
        Properties properties = new Properties();
        properties.put("serverAddr", SharedServer.serverAddr());
        properties.put("namespace", namespace);
        ConfigService client = ConfigFactory.createConfigService(properties);
        clients.add(client);
        return client;
    }

    private static HttpResponse<byte[]> get(String pathAndQuery) throws IOException, InterruptedException {
        return ConfigHttp.client().send(HttpRequest.newBuilder(URI.create("http://" + SharedServer.serverAddr()
                + pathAndQuery)).timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private JsonNode importV1(String namespace, String policy, byte[] zip) throws Exception {
        HttpResponse<String> answer = postImport(namespace, policy, zip);
        assertEquals(200, answer.statusCode(), answer::body);
        return mapper.readTree(answer.body());
    }

    private static HttpResponse<String> postImport(String namespace, String policy, byte[] zip)
            throws IOException, InterruptedException {
        return upload(CONFIGS + "?import=true&namespace=" + namespace + "&policy=" + policy, zip);
    }

    /** The console's upload: a multipart form with the zip as its {@code file} part. */
    private static HttpResponse<String> upload(String pathAndQuery, byte[] zip)
            throws IOException, InterruptedException {
        String boundary = "----jacos" + System.nanoTime();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"export.zip\""
                + "\r\nContent-Type: application/zip\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        body.write(zip);
        body.write(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return ConfigHttp.client().send(HttpRequest.newBuilder(URI.create("http://" + SharedServer.serverAddr()
                        + pathAndQuery))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static byte[] zipOf(Map<String, String> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue().getBytes(StandardCharsets.UTF_8));
            }
        }
        return bytes.toByteArray();
    }

    private static Map<String, String> unzip(byte[] zip) throws IOException {
        Map<String, String> entries = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), StandardCharsets.UTF_8)) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                entries.put(entry.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return entries;
    }
}
