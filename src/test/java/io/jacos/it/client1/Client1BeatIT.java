package io.jacos.it.client1;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.ClientProcess;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RegisteringClientMain;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.List;

import static io.jacos.it.client1.Client1Support.health;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** nacos-client 1.4.6 over HTTP: its beats keep an instance; a killed client's instance turns unhealthy, then goes. */
@ExtendWith(SharedServer.class)
@DisplayName("1.4.6: registration kept by beats")
class Client1BeatIT {

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private ClientProcess process;

    @AfterEach
    void close() {
        if (process != null) {
            process.close();
        }
        clients.close();
    }

    @Test
    @DisplayName("beats keep the instance healthy for longer than the beat timeout")
    void beatsKeepTheInstanceHealthy() throws Exception {
        String service = NamingClients.uniqueName("beating");
        NamingService provider = clients.open();
        NamingService reader = clients.open();
        provider.registerInstance(service, Client1Support.fastBeating("127.0.0.71", 7001));

        await().atMost(Waits.PUSH).until(() -> health(reader.getAllInstances(service, false)),
                List.of("127.0.0.71:7001:up")::equals);
        // Three times the unhealthy timeout: only beats can keep it healthy that long.
        await().during(Duration.ofMillis(3 * Client1Support.UNHEALTHY_AFTER)).atMost(Waits.EVICTION)
                .until(() -> health(reader.getAllInstances(service, false)), List.of("127.0.0.71:7001:up")::equals);
    }

    @Test
    @DisplayName("a killed client's instance is unhealthy after the beat timeout and gone after the delete timeout")
    void killedClientExpires() throws Exception {
        String service = NamingClients.uniqueName("killed-1x");
        NamingService reader = clients.open();
        process = ClientProcess.start(System.getProperty("java.class.path"), RegisteringClientMain.class,
                RegisteringClientMain.REGISTERED, service, SharedServer.serverAddr(), service, "127.0.0.72", "7002",
                "public", Client1Support.FAST_BEATS_ARG);
        await().atMost(Waits.PUSH).until(() -> health(reader.getAllInstances(service, false)),
                List.of("127.0.0.72:7002:up")::equals);

        process.kill();

        await().atMost(Waits.EVICTION).until(() -> health(reader.getAllInstances(service, false)),
                List.of("127.0.0.72:7002:down")::equals);
        await().atMost(Waits.EVICTION).until(() -> reader.getAllInstances(service, false), List::isEmpty);
        assertEquals(List.of(), reader.getAllInstances(service, false));
    }
}
