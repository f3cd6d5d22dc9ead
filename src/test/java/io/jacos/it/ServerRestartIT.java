package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.jacos.it.support.NamingClients.endpoints;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The server keeps its registry in memory only. When it restarts, connected clients reconnect and replay
 * their registrations and subscriptions, so the registry and every subscriber's view come back by themselves.
 * This class restarts a server of its own, never the shared one.
 */
@DisplayName("Server restart")
class ServerRestartIT {

    private static final int PORT = SharedServer.ownServerPort(1);
    private static JacosServer server;

    private final NamingClients clients = new NamingClients("127.0.0.1:" + PORT);

    @BeforeAll
    static void startOwnServer() {
        server = new JacosServer("restart", PORT, Map.of()).start();
    }

    @AfterAll
    static void stopOwnServer() {
        if (server != null) {
            server.stop();
        }
    }

    @AfterEach
    void closeClients() {
        clients.close();
    }

    @Test
    @DisplayName("clients that stay up through a restart re-register and re-subscribe on their own")
    void clientsRecoverAfterRestart() throws Exception {
        String service = NamingClients.uniqueName("restart");
        NamingService provider = clients.open();
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        provider.registerInstance(service, "127.0.0.51", 5001);
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.51:5001"), listener.lastEndpoints()));

        server.stop();
        server.start();

        // The provider's redo puts its instance back into the fresh registry.
        await().atMost(Waits.RECONNECT).ignoreExceptions().untilAsserted(() ->
                assertEquals(List.of("127.0.0.51:5001"), endpoints(subscriber.getAllInstances(service, false))));

        // A provider that arrives after the restart reaches the subscriber by push: its subscription is back.
        NamingService newcomer = clients.open();
        newcomer.registerInstance(service, "127.0.0.52", 5001);
        await().atMost(Waits.RECONNECT).untilAsserted(() ->
                assertEquals(List.of("127.0.0.51:5001", "127.0.0.52:5001"), listener.lastEndpoints()));
        assertEquals(List.of("127.0.0.51:5001", "127.0.0.52:5001"), endpoints(subscriber.getAllInstances(service)));
        assertEquals(List.of("127.0.0.51:5001", "127.0.0.52:5001"),
                endpoints(subscriber.getAllInstances(service, false)));
    }
}
