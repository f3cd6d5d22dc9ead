package io.jacos.it.client1;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.JacosServer;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.awaitility.Awaitility.await;

/**
 * The server keeps ephemeral instances in memory: after a restart it has forgotten them, answers the next beat
 * with code 20404, and 1.4.6 registers again by itself. A server of its own, never the shared one.
 */
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
}
