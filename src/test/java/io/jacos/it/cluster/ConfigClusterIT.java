package io.jacos.it.cluster;

import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.utils.NetUtils;
import io.jacos.it.support.LocalCluster;
import io.jacos.it.support.LocalCluster.Node;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SharedServer;
import io.jacos.testing.LocalPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.HexFormat;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The configuration service on three nodes sharing one PostgreSQL database, with the real nacos-client 2.5.1. The
 * periodic look for other nodes' changes is set to a minute here, so a change that reaches another node's listener
 * within seconds got there by the cluster notice; a node that was down when it changed reads it when it starts.
 */
@RunsBeside
@DisplayName("Configuration on a cluster of three nodes sharing a database")
class ConfigClusterIT {

    static final int FIRST_PORT = SharedServer.HTTP_PORT + 3250;
    private static final String GROUP = "DEFAULT_GROUP";
    private static final Duration NOTICE_BOUND = Duration.ofSeconds(10);

    private static LocalPostgres postgres;
    private static LocalCluster cluster;
    private static Node a;
    private static Node b;
    private static Node c;

    private final List<ConfigService> clients = new ArrayList<>();

    @BeforeAll
    static void startCluster() {
        postgres = LocalPostgres.start();
        String url = postgres.createDatabase("config_cluster");
        cluster = new LocalCluster("config", FIRST_PORT, 3, Map.of("spring.sql.init.platform", "postgresql",
                "db.url.0", url, "db.user.0", LocalPostgres.USER, "db.password.0", "not-checked-by-trust-auth",
                "jacos.config.catch-up-millis", "60000"));
        a = cluster.node(0);
        b = cluster.node(1);
        c = cluster.node(2);
        cluster.start();
        LocalCluster.awaitFormed(a, b, c);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @AfterEach
    void shutDownClients() throws Exception {
        for (ConfigService client : clients) {
            client.shutDown();
        }
    }

    @Test
    @DisplayName("a change made through A reaches a listener on C by the cluster notice")
    void aChangeOnOneNodeReachesAListenerOnAnother() throws Exception {
        String dataId = "cluster-" + UUID.randomUUID() + ".properties";
        ConfigService onA = client(a);
        ConfigService onC = client(c);
        onA.publishConfig(dataId, GROUP, "v=1");
        List<String> seen = new CopyOnWriteArrayList<>();
        onC.getConfigAndSignListener(dataId, GROUP, 3000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                seen.add(String.valueOf(configInfo));
            }
        });

        long before = System.nanoTime();
        onA.publishConfig(dataId, GROUP, "v=2");
        await().atMost(NOTICE_BOUND).until(() -> seen.contains("v=2"));
        System.out.println("ConfigClusterIT: A's change reached C's listener in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - before) + " ms");
        assertEquals("v=2", client(b).getConfig(dataId, GROUP, 3000), "and B serves it");

        onA.removeConfig(dataId, GROUP);
        await().atMost(NOTICE_BOUND).until(() -> seen.contains("null"));
    }

    @Test
    @DisplayName("a node that was stopped while a configuration changed serves the change when it is back")
    void aRestartedNodeServesWhatChangedWhileItWasDown() throws Exception {
        String dataId = "cluster-" + UUID.randomUUID() + ".properties";
        client(a).publishConfig(dataId, GROUP, "v=1");
        b.stop();
        client(a).publishConfig(dataId, GROUP, "v=2");
        b.start();
        LocalCluster.awaitFormed(a, b, c);
        ConfigService onB = client(b);
        assertEquals("v=2", onB.getConfig(dataId, GROUP, 3000));
        List<String> seen = new CopyOnWriteArrayList<>();
        onB.addListener(dataId, GROUP, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                seen.add(String.valueOf(configInfo));
            }
        });
        client(c).publishConfig(dataId, GROUP, "v=3");
        await().atMost(NOTICE_BOUND).until(() -> seen.contains("v=3"));
    }

    @Test
    @DisplayName("a beta published and stopped through A reaches its client's listener on C by the cluster notice")
    void aGrayReleaseOnOneNodeReachesItsListenerOnAnother() throws Exception {
        String dataId = "cluster-gray-" + UUID.randomUUID() + ".properties";
        client(a).publishConfig(dataId, GROUP, "v=1");
        ConfigService onC = client(c);
        List<String> seen = new CopyOnWriteArrayList<>();
        onC.getConfigAndSignListener(dataId, GROUP, 3000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                seen.add(String.valueOf(configInfo));
            }
        });

        // The beta names the IP this JVM's 2.5.1 clients declare, through A's v1 API as the console sends it.
        assertEquals(200, v1(a, "POST", "dataId=" + dataId + "&group=" + GROUP + "&content=v%3Dbeta",
                NetUtils.localIP()).statusCode());
        await().atMost(NOTICE_BOUND).until(() -> seen.contains("v=beta"));
        assertEquals("v=beta", client(b).getConfig(dataId, GROUP, 3000), "B serves the beta to it too");

        assertEquals(200, v1(a, "DELETE", "dataId=" + dataId + "&group=" + GROUP + "&beta=true", null)
                .statusCode());
        await().atMost(NOTICE_BOUND).until(() -> seen.contains("v=1"));
        assertEquals("v=1", client(b).getConfig(dataId, GROUP, 3000));
    }

    @Test
    @DisplayName("a configuration's listeners, asked of any node, are the listeners on every node")
    void listenerListsCoverEveryNode() throws Exception {
        String dataId = "cluster-listeners-" + UUID.randomUUID() + ".properties";
        client(a).publishConfig(dataId, GROUP, "v=1");
        ConfigService onC = client(c);
        onC.getConfigAndSignListener(dataId, GROUP, 3000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                // Listening is what is looked at; the content is not.
            }
        });
        String query = "dataId=" + dataId + "&group=" + GROUP;
        String listener = NetUtils.localIP();
        await().atMost(NOTICE_BOUND).until(() -> get(c, "/nacos/v1/cs/configs/listener?" + query)
                .contains(listener));

        String byA = get(a, "/nacos/v1/cs/configs/listener?" + query);
        assertTrue(byA.contains("\"lisentersGroupkeyStatus\":{\"" + listener), byA);
        String v3ByB = get(b, "/nacos/v3/admin/cs/config/listener?dataId=" + dataId + "&groupName="
                + GROUP + "&namespaceId=public");
        assertTrue(v3ByB.contains("\"listenersStatus\":{\"" + listener), v3ByB);
        String byIpOnA = get(a, "/nacos/v1/cs/listener?ip=" + listener);
        assertTrue(byIpOnA.contains(dataId + "+" + GROUP), byIpOnA);

        onC.shutDown();
        clients.remove(onC);
        await().atMost(NOTICE_BOUND).until(() -> !get(a, "/nacos/v1/cs/configs/listener?" + query)
                .contains(listener));
    }

    @Test
    @DisplayName("a row edited in the database directly reaches C's listener once C's store is re-read (v3 localCache)")
    void aRowEditedInTheDatabaseReachesListenersAfterLocalCache() throws Exception {
        String dataId = "cluster-direct-" + UUID.randomUUID() + ".properties";
        client(a).publishConfig(dataId, GROUP, "v=1");
        List<String> seen = new CopyOnWriteArrayList<>();
        client(c).getConfigAndSignListener(dataId, GROUP, 3000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                seen.add(String.valueOf(configInfo));
            }
        });
        // The row changes in place, revision and all as they were: no notice and no catch-up sees it.
        String content = "v=edited-in-the-database";
        try (Connection db = postgres.connect("config_cluster");
             PreparedStatement edit = db.prepareStatement(
                     "UPDATE config_entry SET content = ?, md5 = ? WHERE data_id = ?")) {
            edit.setString(1, content);
            edit.setString(2, HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                    .digest(content.getBytes(StandardCharsets.UTF_8))));
            edit.setString(3, dataId);
            assertEquals(1, edit.executeUpdate());
        }

        HttpResponse<String> reload = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(HttpRequest.newBuilder(URI.create("http://" + c.serverAddr()
                        + "/nacos/v3/admin/cs/ops/localCache")).timeout(Duration.ofSeconds(30))
                        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, reload.statusCode(), reload.body());
        assertTrue(reload.body().contains("configuration(s) changed on this node"), reload.body());
        await().atMost(NOTICE_BOUND).until(() -> seen.contains(content));
    }

    private static String get(Node node, String pathAndQuery) throws Exception {
        HttpResponse<String> answer = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(HttpRequest.newBuilder(URI.create("http://" + node.serverAddr() + pathAndQuery))
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        return answer.body();
    }

    private static HttpResponse<String> v1(Node node, String method, String params, String betaIps)
            throws Exception {
        boolean post = method.equals("POST");
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + node.serverAddr()
                        + "/nacos/v1/cs/configs" + (post ? "" : "?" + params)))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
                .method(method, post ? HttpRequest.BodyPublishers.ofString(params)
                        : HttpRequest.BodyPublishers.noBody());
        if (betaIps != null) {
            request.header("betaIps", betaIps);
        }
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(request.build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private ConfigService client(Node node) throws Exception {
        Properties properties = new Properties();
        properties.setProperty("serverAddr", node.serverAddr());
        ConfigService client = ConfigFactory.createConfigService(properties);
        clients.add(client);
        return client;
    }
}
