package io.jacos.it.client1;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.ClientProcess;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.LegacyHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RegisteringClientMain;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static io.jacos.it.client1.Client1Support.health;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A 1.4.6 subscriber is told of changes by UDP push. The server here answers with a ten-minute cacheMillis, and
 * the service always holds one instance, so the client's next poll is minutes away: every event within the
 * test's bounds came by push, and the server's UDP acknowledgement count shows it.
 */
@ExtendWith(SharedServer.class)
@DisplayName("1.4.6: UDP push")
class Client1PushIT {

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private final LegacyHttp http = new LegacyHttp(SharedServer.serverAddr());
    private ClientProcess process;

    @AfterEach
    void close() {
        if (process != null) {
            process.close();
        }
        clients.close();
    }

    @Test
    @DisplayName("the listener fires on register, deregister and health change, by UDP push")
    void listenerFiresByPush() throws Exception {
        String service = NamingClients.uniqueName("udp");
        clients.open().registerInstance(service, NamingClients.instance("127.0.0.80", 8000));
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.80:8000")::equals);
        long pushedBefore = http.acknowledgedPushes("udp");

        NamingService provider = clients.open();
        Instance added = NamingClients.instance("127.0.0.81", 8001);
        provider.registerInstance(service, added);
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.80:8000", "127.0.0.81:8001")::equals);

        provider.deregisterInstance(service, added.getIp(), added.getPort());
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.80:8000")::equals);

        process = ClientProcess.start(System.getProperty("java.class.path"), RegisteringClientMain.class,
                RegisteringClientMain.REGISTERED, service + "-dying", SharedServer.serverAddr(), service,
                "127.0.0.82", "8002", "public", Client1Support.FAST_BEATS_ARG);
        await().atMost(Waits.PUSH).until(() -> health(listener.lastInstances()),
                List.of("127.0.0.80:8000:up", "127.0.0.82:8002:up")::equals);
        process.kill();
        await().atMost(Waits.EVICTION).until(() -> health(listener.lastInstances()),
                List.of("127.0.0.80:8000:up", "127.0.0.82:8002:down")::equals);

        long pushed = http.acknowledgedPushes("udp") - pushedBefore;
        assertTrue(pushed >= 4, "UDP pushes acknowledged by the subscriber: " + pushed);
    }
}
