package io.jacos.it.config;

import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.utils.NetUtils;
import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Gray releases with the real nacos-client 2.5.1 over gRPC and raw 1.x long polls: a beta is served to the client
 * IPs it lists, a tag gray to the clients that ask with the tag, everyone else keeps the formal version, and a
 * gray publish or stop tells exactly the listeners whose version changed. Betas are published and stopped through
 * the v1 API as the console does ({@code betaIps} header, {@code beta=true}).
 */
@ExtendWith(SharedServer.class)
class ConfigGrayIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String GROUP = "DEFAULT_GROUP";
    private static final String CONFIGS = "/nacos/v1/cs/configs";
    private static final String LISTENER = "/nacos/v1/cs/configs/listener";
    /** An IP no client of these tests has. */
    private static final String ELSEWHERE = "10.9.8.7";

    private final NacosHttp http = new NacosHttp(SharedServer.serverAddr());
    private final List<ConfigService> clients = new ArrayList<>();
    private final String dataId = "gray-" + UUID.randomUUID();

    @AfterEach
    void shutDownClients() throws Exception {
        for (ConfigService client : clients) {
            client.shutDown();
        }
    }

    /** The IP a 2.5.1 client of this JVM declares to the server (127.0.0.1 on a loopback-only host). */
    private static String myIp() {
        return NetUtils.localIP();
    }

    @Test
    void aBetaForTheClientsIpIsReadAndHeardAndStoppingItBringsBackTheFormal() throws Exception {
        publish("v=1", Map.of());
        ConfigService reader = client(null);
        List<String> heard = listen(reader);

        publish("v=beta", Map.of("betaIps", "10.9.8.6," + myIp()));
        await().atMost(WAIT).until(() -> heard.contains("v=beta"));
        assertEquals("v=beta", reader.getConfig(dataId, GROUP, 3000));
        assertEquals("v=1", formalAsSeenFrom(ELSEWHERE), "everyone else keeps the formal version");

        publish("v=2", Map.of());
        assertEquals("v=beta", reader.getConfig(dataId, GROUP, 3000), "the beta still applies to this client");

        stopBeta();
        await().atMost(WAIT).until(() -> heard.contains("v=2"));
        assertEquals("v=2", reader.getConfig(dataId, GROUP, 3000));
        assertEquals(List.of("v=beta", "v=2"), heard, "told of its beta and of the formal again, nothing else");
    }

    @Test
    void aBetaForAnotherIpLeavesTheClientWithTheFormalAndUntold() throws Exception {
        publish("v=1", Map.of());
        ConfigService reader = client(null);
        List<String> heard = listen(reader);

        publish("v=beta", Map.of("betaIps", ELSEWHERE));
        assertEquals("v=1", reader.getConfig(dataId, GROUP, 3000));
        assertEquals("v=beta", formalAsSeenFrom(ELSEWHERE), "the beta is served to its IP");
        publish("v=2", Map.of());
        await().atMost(WAIT).until(() -> heard.contains("v=2"));
        assertEquals(List.of("v=2"), heard, "the beta's publish was not told to a client it does not apply to");
    }

    @Test
    void aTagGrayIsServedToTheClientsThatAskWithTheTag() throws Exception {
        publish("v=1", Map.of());
        ConfigService tagged = client("Vipserver-Tag=canary");
        ConfigService plain = client(null);
        List<String> heard = listen(tagged);

        publish("v=canary", Map.of("tag", "canary"));
        await().atMost(WAIT).until(() -> heard.contains("v=canary"));
        assertEquals("v=canary", tagged.getConfig(dataId, GROUP, 3000));
        assertEquals("v=1", plain.getConfig(dataId, GROUP, 3000));
        assertEquals("v=canary", http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "tag", "canary")).body());
        assertEquals(404, http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "tag", "other")).status(),
                "a tag with no gray version finds nothing, as Nacos answers it");

        NacosHttp.Answer stopped = http.call("DELETE", CONFIGS, Map.of("dataId", dataId, "group", GROUP,
                "tag", "canary"));
        assertEquals(200, stopped.status(), stopped::toString);
        await().atMost(WAIT).until(() -> heard.contains("v=1"));
        assertEquals("v=1", tagged.getConfig(dataId, GROUP, 3000), "the formal version stayed");
    }

    @Test
    void theBetaDetailAndHistoryAnswerAsNacosAndTheFormalVersionNeverChanges() throws Exception {
        publish("v=1", Map.of());
        publish("v=beta", Map.of("betaIps", ELSEWHERE));
        JsonNode beta = http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "beta", "true")).json();
        assertEquals(200, beta.path("code").asInt(), beta::toString);
        assertEquals("query beta ok", beta.path("message").asText());
        assertEquals("v=beta", beta.path("data").path("content").asText());
        assertEquals(ELSEWHERE, beta.path("data").path("betaIps").asText());
        assertEquals(ConfigHttp.md5("v=beta"), beta.path("data").path("md5").asText());

        JsonNode detail = http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "show", "all")).json();
        assertEquals("v=1", detail.path("content").asText(), "the formal version is untouched");

        JsonNode history = http.get("/nacos/v1/cs/history", Map.of("dataId", dataId, "group", GROUP,
                "search", "accurate")).json().path("pageItems");
        assertEquals("gray", history.get(0).path("publishType").asText(), history::toString);
        assertEquals("beta", history.get(0).path("grayName").asText());
        assertEquals("I", history.get(0).path("opType").asText());

        JsonNode stop = http.call("DELETE", CONFIGS, Map.of("dataId", dataId, "group", GROUP, "beta", "true"))
                .json();
        assertEquals("stop beta ok", stop.path("message").asText(), stop::toString);
        assertTrue(stop.path("data").asBoolean());
        JsonNode none = http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP, "beta", "true")).json();
        assertTrue(none.path("data").isNull(), none::toString);
        assertEquals("v=1", formalAsSeenFrom(ELSEWHERE));
    }

    @Test
    void theNacos3AdminBetaRoutesReadAndStopTheBeta() {
        Map<String, String> ref = Map.of("dataId", dataId, "groupName", GROUP);
        NacosHttp.Answer none = http.get("/nacos/v3/admin/cs/config/beta", ref);
        assertEquals(404, none.status(), none::toString);
        assertEquals(20004, none.json().path("code").asInt(), none::toString);

        publish("v=1", Map.of());
        publish("v=beta", Map.of("betaIps", ELSEWHERE));
        JsonNode beta = http.get("/nacos/v3/admin/cs/config/beta", ref).data();
        assertEquals("v=beta", beta.path("content").asText(), beta::toString);
        assertEquals("beta", beta.path("grayName").asText());
        assertTrue(beta.path("grayRule").asText().contains("\"expr\":\"" + ELSEWHERE + "\""), beta::toString);

        NacosHttp.Answer stopped = http.call("DELETE", "/nacos/v3/admin/cs/config/beta", ref);
        assertEquals(200, stopped.status(), stopped::toString);
        assertEquals(404, http.get("/nacos/v3/admin/cs/config/beta", ref).status(), "no longer in beta");
        assertEquals("v=1", http.get(CONFIGS, Map.of("dataId", dataId, "group", GROUP)).body());
    }

    @Test
    void aLongPollIsComparedWithTheVersionItsAddressIsServed() throws Exception {
        publish("v=1", Map.of());
        String holdsFormal = line(ConfigHttp.md5("v=1"));
        CompletableFuture<HttpResponse<String>> held = poll(holdsFormal, Map.of());

        publish("v=beta", Map.of("betaIps", "127.0.0.1"));
        assertEquals(dataId + "\u0002" + GROUP + "\u0001", decoded(held.get()), "its beta ends the poll");
        assertEquals("", decoded(poll(holdsFormal, Map.of("Long-Pulling-Timeout-No-Hangup", "true",
                "X-Forwarded-For", ELSEWHERE)).get()), "another address still holds what it is served");
        assertEquals("", decoded(poll(line(ConfigHttp.md5("v=beta")), Map.of("Long-Pulling-Timeout-No-Hangup",
                "true")).get()), "the beta's md5 is current for its address");

        HttpResponse<String> read = ConfigHttp.client().send(HttpRequest.newBuilder(URI.create("http://"
                + SharedServer.serverAddr() + CONFIGS + "?dataId=" + dataId + "&group=" + GROUP)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals("v=beta", read.body());
        assertEquals("true", read.headers().firstValue("isBeta").orElse(""), "marked as Nacos marks it");
        assertEquals(ConfigHttp.md5("v=beta"), read.headers().firstValue("Content-MD5").orElse(""));

        CompletableFuture<HttpResponse<String>> holdsBeta = poll(line(ConfigHttp.md5("v=beta")), Map.of());
        stopBeta();
        assertEquals(dataId + "\u0002" + GROUP + "\u0001", decoded(holdsBeta.get()), "the stop ends it");
    }

    private String line(String md5) {
        return dataId + "\u0002" + GROUP + "\u0002" + md5 + "\u0001";
    }

    private CompletableFuture<HttpResponse<String>> poll(String lines, Map<String, String> headers) {
        Map<String, String> all = new HashMap<>(Map.of("Long-Pulling-Timeout", "30000"));
        all.putAll(headers);
        int before = listeners();
        CompletableFuture<HttpResponse<String>> answer = ConfigHttp.client().sendAsync(ConfigHttp.postRequest(
                SharedServer.serverAddr(), LISTENER, "Listening-Configs=" + URLEncoder.encode(lines,
                        StandardCharsets.UTF_8), all), HttpResponse.BodyHandlers.ofString());
        // A held poll is taken before it is answered: wait until the server lists it, so a change cannot pass it.
        if (!headers.containsKey("Long-Pulling-Timeout-No-Hangup")) {
            await().atMost(WAIT).until(() -> answer.isDone() || listeners() > before);
        }
        return answer;
    }

    /** Listeners of the configuration on the server (gRPC connections and held polls). */
    private int listeners() {
        return http.get("/nacos/admin/configs/" + GROUP + "/" + dataId + "/listeners", Map.of()).data().size();
    }

    private static String decoded(HttpResponse<String> answer) {
        assertEquals(200, answer.statusCode(), answer::body);
        return URLDecoder.decode(answer.body().trim(), StandardCharsets.UTF_8);
    }

    private void publish(String content, Map<String, String> gray) {
        Map<String, String> form = new HashMap<>(Map.of("dataId", dataId, "group", GROUP, "content", content));
        Map<String, String> headers = new HashMap<>();
        if (gray.containsKey("tag")) {
            form.put("tag", gray.get("tag"));
        }
        if (gray.containsKey("betaIps")) {
            headers.put("betaIps", gray.get("betaIps"));
        }
        NacosHttp.Answer answer = http.call("POST", CONFIGS, Map.of(), form, "Nacos-Java-Client:v1.4.6", headers);
        assertEquals(200, answer.status(), answer::toString);
    }

    private void stopBeta() {
        NacosHttp.Answer stopped = http.call("DELETE", CONFIGS, Map.of("dataId", dataId, "group", GROUP,
                "beta", "true"));
        assertEquals(200, stopped.status(), stopped::toString);
    }

    /** The content a reader at {@code ip} (as Nacos takes a reader's IP: X-Forwarded-For first) is served. */
    private String formalAsSeenFrom(String ip) throws Exception {
        HttpResponse<String> read = ConfigHttp.client().send(HttpRequest.newBuilder(URI.create("http://"
                        + SharedServer.serverAddr() + CONFIGS + "?dataId=" + dataId + "&group=" + GROUP))
                .header("X-Forwarded-For", ip).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, read.statusCode(), read::body);
        return read.body();
    }

    private List<String> listen(ConfigService client) throws NacosException {
        List<String> heard = new CopyOnWriteArrayList<>();
        client.getConfigAndSignListener(dataId, GROUP, 3000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                heard.add(String.valueOf(configInfo));
            }
        });
        assertFalse(heard.contains("v=beta"));
        return heard;
    }

    /** A 2.5.1 client; {@code labels} are its application's connection labels ({@code nacos.app.conn.labels}). */
    private ConfigService client(String labels) throws NacosException {
        Properties properties = new Properties();
        properties.put("serverAddr", SharedServer.serverAddr());
        if (labels != null) {
            properties.put("nacos.app.conn.labels", labels);
        }
        ConfigService client = ConfigFactory.createConfigService(properties);
        clients.add(client);
        return client;
    }
}
