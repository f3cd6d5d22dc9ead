package io.jacos.it.config;

import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.exception.NacosException;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The configuration service with the real nacos-client 2.5.1 over gRPC: get, publish, compare-and-set, listen. */
@ExtendWith(SharedServer.class)
class ConfigClient2IT {

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
    void publishedContentIsReadBackWithItsType() throws Exception {
        String dataId = "cfg-" + UUID.randomUUID() + ".yaml";
        ConfigService writer = client();
        assertNull(writer.getConfig(dataId, GROUP, 3000), "nothing published yet");
        assertTrue(writer.publishConfig(dataId, GROUP, "a: 1\nname: caf\u00e9", "yaml"));

        ConfigService reader = client();
        assertEquals("a: 1\nname: caf\u00e9", reader.getConfig(dataId, GROUP, 3000));
        assertTrue(writer.removeConfig(dataId, GROUP));
        assertNull(reader.getConfig(dataId, GROUP, 3000));
        assertTrue(writer.removeConfig(dataId, GROUP), "removing what is gone succeeds");
    }

    @Test
    void aListenerIsToldOfEveryChangeAndOfTheRemoval() throws Exception {
        String dataId = "cfg-" + UUID.randomUUID() + ".properties";
        ConfigService writer = client();
        writer.publishConfig(dataId, GROUP, "v=1");
        ConfigService listening = client();
        List<Optional<String>> seen = new CopyOnWriteArrayList<>();
        assertEquals("v=1", listening.getConfigAndSignListener(dataId, GROUP, 3000, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String configInfo) {
                seen.add(Optional.ofNullable(configInfo));
            }
        }));

        writer.publishConfig(dataId, GROUP, "v=2");
        await().atMost(WAIT).until(() -> seen.contains(Optional.of("v=2")));
        writer.publishConfig(dataId, GROUP, "v=3");
        await().atMost(WAIT).until(() -> seen.contains(Optional.of("v=3")));
        writer.removeConfig(dataId, GROUP);
        await().atMost(WAIT).until(() -> !seen.isEmpty() && seen.get(seen.size() - 1).isEmpty());
        assertFalse(seen.contains(Optional.of("v=1")), "the content it started with is no change");
    }

    @Test
    void compareAndSetPublishesOnlyOverTheContentItRead() throws Exception {
        String dataId = "cfg-" + UUID.randomUUID();
        ConfigService writer = client();
        assertTrue(writer.publishConfigCas(dataId, GROUP, "one", ConfigHttp.md5("never there")), "over nothing, it creates");
        assertFalse(writer.publishConfigCas(dataId, GROUP, "two", ConfigHttp.md5("not one")));
        assertEquals("one", writer.getConfig(dataId, GROUP, 3000), "a refused compare-and-set changes nothing");
        assertTrue(writer.publishConfigCas(dataId, GROUP, "two", ConfigHttp.md5("one")));
        assertEquals("two", writer.getConfig(dataId, GROUP, 3000));
    }

    @Test
    void aConfigurationInANamespaceIsNotTheDefaultNamespacesOne() throws Exception {
        String dataId = "cfg-" + UUID.randomUUID();
        ConfigService inDefault = client();
        ConfigService inPublicByName = client("public");
        ConfigService inOther = client("ns-" + UUID.randomUUID().toString().substring(0, 8));
        inDefault.publishConfig(dataId, GROUP, "default");
        assertEquals("default", inPublicByName.getConfig(dataId, GROUP, 3000), "\"\" and \"public\" are one");
        assertNull(inOther.getConfig(dataId, GROUP, 3000));
        inOther.publishConfig(dataId, GROUP, "other");
        assertEquals("default", inDefault.getConfig(dataId, GROUP, 3000));
    }

    private ConfigService client() throws NacosException {
        return client(null);
    }

    private ConfigService client(String namespace) throws NacosException {
        Properties properties = new Properties();
        properties.put("serverAddr", SharedServer.serverAddr());
        if (namespace != null) {
            properties.put("namespace", namespace);
        }
        ConfigService client = ConfigFactory.createConfigService(properties);
        clients.add(client);
        return client;
    }
}
