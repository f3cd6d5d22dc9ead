package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.ClientProcess;
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
 * A provider dies while the server is down. The restarted server knows nothing of it, and a subscriber that
 * reconnects must be told so: its listener fires with the provider gone. The empty view the server answers
 * with must not look older than the view the subscriber holds, or the client drops it as out of date and keeps
 * showing a dead provider. This class restarts a server of its own, never the shared one.
 */
@DisplayName("Server restart with a provider that died meanwhile")
class RestartWithDeadProviderIT {

    private static final int PORT = SharedServer.ownServerPort(3);
    private static JacosServer server;

    private final NamingClients clients = new NamingClients("127.0.0.1:" + PORT);
    private ClientProcess provider;

    @BeforeAll
    static void startOwnServer() {
        server = new JacosServer("restart-dead-provider", PORT, Map.of()).start();
    }

    @AfterAll
    static void stopOwnServer() {
        if (server != null) {
            server.stop();
        }
    }

    @AfterEach
    void cleanUp() {
        if (provider != null) {
            provider.close();
        }
        clients.close();
    }

    @Test
    @DisplayName("the subscriber's listener fires with an empty list once it is back on the restarted server")
    void subscriberLearnsThatTheProviderIsGone() throws Exception {
        String service = NamingClients.uniqueName("dead-provider");
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        provider = ClientProcess.register(server.serverAddr(), service, "127.0.0.71", 7101);
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.71:7101"), listener.lastEndpoints()));

        server.stop();
        provider.kill();
        server.start();

        await("the listener is told the provider is gone").atMost(Waits.RECONNECT).untilAsserted(() ->
                assertEquals(List.of(), listener.lastEndpoints(), () -> "states seen: " + listener.endpointHistory()));
        assertEquals(List.of(), endpoints(subscriber.getAllInstances(service)), "the subscriber's cache");
        assertEquals(List.of(), endpoints(subscriber.getAllInstances(service, false)), "the server");
    }
}
