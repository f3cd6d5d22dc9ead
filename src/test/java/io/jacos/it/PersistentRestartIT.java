package io.jacos.it;

import io.jacos.it.support.JacosServer;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;

/** The restart contract on the default storage: the embedded H2 database in the server's data directory. */
@DisplayName("Persistent naming survives a restart (embedded H2)")
class PersistentRestartIT extends PersistentRestartContract {

    private static JacosServer server;

    @BeforeAll
    static void startOwnServer() {
        server = new JacosServer("persist-h2", SharedServer.ownServerPort(6), SharedServer.settingsUsed()).start();
    }

    @AfterAll
    static void stopOwnServer() {
        if (server != null) {
            server.stop();
        }
    }

    @Override
    JacosServer server() {
        return server;
    }
}
