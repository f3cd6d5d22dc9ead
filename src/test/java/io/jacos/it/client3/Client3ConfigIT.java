package io.jacos.it.client3;

import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The configuration service with the real nacos-client 3.1.1, which names the default namespace "public" where
 * 2.5.1 sends "": it must be told of changes under its own spelling, or it ignores them.
 */
@ExtendWith(SharedServer.class)
class Client3ConfigIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String GROUP = "DEFAULT_GROUP";

    private final List<ConfigService> clients = new ArrayList<>();

    @AfterEach
    void shutDownClients() throws Exception {
        for (ConfigService client : clients) {
            client.shutDown();
        }
    }

    @Test
    void publishReadListenAndRemove() throws Exception {
        String dataId = "cfg3-" + UUID.randomUUID() + ".json";
        ConfigService writer = client();
        assertTrue(writer.publishConfig(dataId, GROUP, "{\"v\":1}", "json"));
        ConfigService listening = client();
        List<Optional<String>> seen = new CopyOnWriteArrayList<>();
        assertEquals("{\"v\":1}", listening.getConfigAndSignListener(dataId, GROUP, 3000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                seen.add(Optional.ofNullable(configInfo));
            }
        }));
        writer.publishConfig(dataId, GROUP, "{\"v\":2}", "json");
        await().atMost(WAIT).until(() -> seen.contains(Optional.of("{\"v\":2}")));
        assertTrue(writer.removeConfig(dataId, GROUP));
        await().atMost(WAIT).until(() -> !seen.isEmpty() && seen.get(seen.size() - 1).isEmpty());
        assertNull(listening.getConfig(dataId, GROUP, 3000));
    }

    private ConfigService client() throws Exception {
        Properties properties = new Properties();
        properties.put("serverAddr", SharedServer.serverAddr());
        ConfigService client = ConfigFactory.createConfigService(properties);
        clients.add(client);
        return client;
    }
}
