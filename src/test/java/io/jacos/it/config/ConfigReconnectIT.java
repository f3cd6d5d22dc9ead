package io.jacos.it.config;

import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import io.jacos.it.support.ClientProcess;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.JsonHttp;
import io.jacos.it.support.ListeningConfigClientMain;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The 2.5.1 config client when its connection goes away: frozen while its configuration changed, it is told of the
 * change once it runs again; with the server down it reads its local snapshot, and after the server's restart it
 * listens again by itself. A server of its own, as it is stopped.
 */
@DisplayName("Configuration clients across lost connections and a server restart")
class ConfigReconnectIT {

    private static final int PORT = SharedServer.ownServerPort(21);
    private static final String ADDR = "127.0.0.1:" + PORT;
    private static final String GROUP = "DEFAULT_GROUP";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static JacosServer server;

    private final List<ConfigService> clients = new ArrayList<>();

    @BeforeAll
    static void startOwnServer() {
        server = new JacosServer("config-reconnect", PORT, SharedServer.settingsUsed()).start();
    }

    @AfterAll
    static void stopOwnServer() {
        if (server != null) {
            server.stop();
        }
    }

    @AfterEach
    void shutDownClients() throws Exception {
        for (ConfigService client : clients) {
            client.shutDown();
        }
    }

    @Test
    @DisplayName("a listener frozen while its configuration changed is told of the change when it runs again")
    void aFrozenListenerGetsTheChangeItMissed() throws Exception {
        String dataId = "frozen-" + UUID.randomUUID() + ".txt";
        publish(dataId, "v1");
        try (ClientProcess listener = ClientProcess.start(System.getProperty("java.class.path"),
                ListeningConfigClientMain.class, ListeningConfigClientMain.LISTENING, "config-listener-" + dataId,
                ADDR, dataId, GROUP)) {
            assertEquals(List.of(ListeningConfigClientMain.HEARD + "v1"), heard(listener));
            await().atMost(WAIT).until(() -> listeners(dataId) == 1);
            listener.freeze();
            // The server gives the silent connection up, and its listener with it.
            await().atMost(WAIT).until(() -> listeners(dataId) == 0);
            publish(dataId, "v2");
            listener.thaw();
            await().atMost(WAIT).until(() -> heard(listener).contains(ListeningConfigClientMain.HEARD + "v2"));
            await().atMost(WAIT).until(() -> listeners(dataId) == 1);
        }
    }

    @Test
    @DisplayName("with the server down the client reads its snapshot, and after the restart it hears changes again")
    void theSnapshotServesWhileTheServerIsDownAndListeningResumes() throws Exception {
        String dataId = "snapshot-" + UUID.randomUUID() + ".txt";
        ConfigService client = client();
        List<String> heard = new CopyOnWriteArrayList<>();
        client.publishConfig(dataId, GROUP, "v1");
        assertEquals("v1", client.getConfigAndSignListener(dataId, GROUP, 5000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                heard.add(String.valueOf(configInfo));
            }
        }));

        server.stop();
        assertEquals("v1", client.getConfig(dataId, GROUP, 3000), "the client's snapshot");
        server.start();

        await().atMost(WAIT).until(() -> listeners(dataId) == 1);
        publish(dataId, "v2");
        await().atMost(WAIT).until(() -> heard.contains("v2"));
        assertEquals("v2", client.getConfig(dataId, GROUP, 3000));
    }

    private ConfigService client() throws Exception {
        Properties properties = new Properties();
        properties.put("serverAddr", ADDR);
        ConfigService client = ConfigFactory.createConfigService(properties);
        clients.add(client);
        return client;
    }

    private static List<String> heard(ClientProcess listener) throws Exception {
        return listener.lines().filter(line -> line.startsWith(ListeningConfigClientMain.HEARD)).toList();
    }

    private static int listeners(String dataId) {
        return new JsonHttp(ADDR).get("/nacos/admin/configs/" + GROUP + "/" + dataId + "/listeners").data().size();
    }

    private static void publish(String dataId, String content) throws Exception {
        var answer = ConfigHttp.post(ADDR, "/nacos/v1/cs/configs", "dataId=" + URLEncoder.encode(dataId,
                StandardCharsets.UTF_8) + "&group=" + GROUP + "&content=" + content, Map.of());
        assertEquals(200, answer.statusCode(), answer.body());
    }
}
