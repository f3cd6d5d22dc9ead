package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.ClientProcess;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;

import static io.jacos.it.support.NamingClients.endpoints;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A client process that dies or hangs without a word. A killed process's connection is closed by the
 * kernel; a frozen one keeps its connection open, so only the server's connection check can find it.
 */
@ExtendWith(SharedServer.class)
@DisplayName("Killed and frozen clients")
class KilledClientIT {

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private final List<ClientProcess> processes = new ArrayList<>();
    private String service;
    private NamingService subscriber;
    private EventRecorder listener;

    @BeforeEach
    void subscribe() throws Exception {
        service = NamingClients.uniqueName("killed");
        subscriber = clients.open();
        listener = new EventRecorder();
        subscriber.subscribe(service, listener);
    }

    @AfterEach
    void cleanUp() {
        processes.forEach(ClientProcess::close);
        clients.close();
    }

    @Test
    @DisplayName("kill -9 of the client process removes its instance")
    void killedProcess() throws Exception {
        ClientProcess provider = start("127.0.0.41", 6001);
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.41:6001"), listener.lastEndpoints()));

        provider.kill();

        await().atMost(Waits.EVICTION).untilAsserted(() -> assertEquals(List.of(), listener.lastEndpoints()));
        assertEquals(List.of(), subscriber.getAllInstances(service, false));
    }

    @Test
    @DisplayName("a frozen client (connection open, no answers) is found by the connection check and removed")
    void frozenProcess() throws Exception {
        ClientProcess frozen = start("127.0.0.42", 6001);
        ClientProcess healthy = start("127.0.0.43", 6001);
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.42:6001", "127.0.0.43:6001"), listener.lastEndpoints()));

        frozen.freeze();

        // Keep-alive 3 s + probe timeout 1 s on the shared server; the bound leaves plenty of room.
        await().atMost(Waits.EVICTION).untilAsserted(() ->
                assertEquals(List.of("127.0.0.43:6001"), listener.lastEndpoints()));
        assertEquals(List.of("127.0.0.43:6001"), endpoints(subscriber.getAllInstances(service, false)));
        // Only the frozen client's instance went away; the subscriber's cached view agrees with the server.
        assertEquals(List.of("127.0.0.43:6001"), endpoints(subscriber.getAllInstances(service)));
    }

    private ClientProcess start(String ip, int port) {
        ClientProcess process = ClientProcess.register(SharedServer.serverAddr(), service, ip, port);
        processes.add(process);
        return process;
    }
}
