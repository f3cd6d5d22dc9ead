package io.jacos.it.client1;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NamingClients;
import io.jacos.testing.ProbeTargets;
import io.jacos.it.support.RunsBeside;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The server keeps ephemeral instances in memory: after a restart it has forgotten them, answers the next beat
 * with code 20404, and 1.4.6 registers again by itself. A server of its own, never the shared one.
 */
@RunsBeside
@DisplayName("1.4.6: re-registration after a server restart")
class Client1ServerRestartIT {

    private static final int PORT = SharedServer.ownServerPort(5);

    private final NamingClients clients = new NamingClients("127.0.0.1:" + PORT);
    private JacosServer server;

    @AfterEach
    void stop() {
        clients.close();
        if (server != null) {
            server.stop();
        }
    }

    @Test
    @DisplayName("a beat for an instance the server forgot makes the client register again")
    void reRegistersAfterRestart() throws Exception {
        server = new JacosServer("client1-restart", PORT, SharedServer.settingsUsed()).start();
        String service = NamingClients.uniqueName("forgotten");
        NamingService provider = clients.open();
        NamingService reader = clients.open();
        provider.registerInstance(service, Client1Support.fastBeating("127.0.0.98", 9800));
        await().atMost(Waits.PUSH).until(() -> NamingClients.endpoints(reader.getAllInstances(service, false)),
                List.of("127.0.0.98:9800")::equals);

        server.stop();
        server = new JacosServer("client1-restart", PORT, SharedServer.settingsUsed()).start();

        await().atMost(Waits.RECONNECT).ignoreExceptions()
                .until(() -> NamingClients.endpoints(reader.getAllInstances(service, false)),
                List.of("127.0.0.98:9800")::equals);
    }

    @Test
    @DisplayName("a persistent instance 1.4.6 registered over HTTP is still there, with its metadata, after a restart")
    void persistentInstanceSurvivesRestart() throws Exception {
        // A short poll period, so the subscriber finds the restarted server by its own poll within the wait.
        Map<String, String> settings = new HashMap<>(SharedServer.settingsUsed());
        settings.put("jacos.naming.cache-millis", "3000");
        server = new JacosServer("client1-persist", PORT, settings).start();
        String service = NamingClients.uniqueName("kept");
        NamingService provider = clients.open();
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        Instance kept = NamingClients.instance("127.0.0.1", ProbeTargets.closedPort());
        kept.setEphemeral(false);
        kept.setMetadata(Map.of("role", "primary"));
        provider.registerInstance(service, kept);
        String keptAt = "127.0.0.1:" + kept.getPort();
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of(keptAt)::equals);
        clients.shutDown(provider);

        server.stop();
        server.start();

        NamingService reader = clients.open();
        List<Instance> after = reader.getAllInstances(service, false);
        assertEquals(List.of(keptAt), NamingClients.endpoints(after));
        assertFalse(after.get(0).isEphemeral());
        assertEquals("primary", after.get(0).getMetadata().get("role"));
        // The subscriber's next poll subscribes it to the new server; a later change pushes the stored instance too.
        Instance second = NamingClients.instance("127.0.0.1", ProbeTargets.closedPort());
        second.setEphemeral(false);
        clients.open().registerInstance(service, second);
        await().atMost(Waits.RECONNECT).until(listener::lastEndpoints,
                List.of(keptAt, "127.0.0.1:" + second.getPort()).stream().sorted().toList()::equals);
    }
}
