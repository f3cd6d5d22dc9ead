package io.jacos.it;

import io.jacos.it.support.JacosServer;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** With a per-IP connection limit, the connection over the limit is refused and a freed slot is reusable. */
class ConnectionLimitIT {

    private static JacosServer server;

    @BeforeAll
    static void startServerWithALimitOfTwo() {
        server = new JacosServer("limit", SharedServer.ownServerPort(2),
                Map.of("jacos.connection.max-per-ip", "2")).start();
    }

    @AfterAll
    static void stopServer() {
        server.stop();
    }

    @Test
    void theThirdConnectionFromOneIpIsRefusedUntilOneCloses() {
        try (RawNacosConnection first = RawNacosConnection.open(server.grpcPort());
             RawNacosConnection second = RawNacosConnection.open(server.grpcPort())) {
            assertThrows(IllegalStateException.class, () -> RawNacosConnection.open(server.grpcPort()),
                    "no SetupAckRequest for the connection over the limit");
            assertEquals(200, second.request("HealthCheckRequest", "{\"headers\":{},\"module\":\"internal\"}")
                    .resultCode());

            first.close();
            await("a freed slot").atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> {
                        RawNacosConnection.open(server.grpcPort()).close();
                        return true;
                    });
        }
    }
}
