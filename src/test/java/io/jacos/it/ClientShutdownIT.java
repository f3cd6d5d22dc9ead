package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static io.jacos.it.support.NamingClients.endpoints;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A client that shuts down without deregistering takes its instances with it: the 2.x client only closes its
 * connection, and the server drops whatever that connection published.
 */
@ExtendWith(SharedServer.class)
@DisplayName("Client shutdown")
class ClientShutdownIT {

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());

    @AfterEach
    void closeClients() {
        clients.close();
    }

    @Test
    @DisplayName("shutDown() without deregistering removes the client's instance for everyone")
    void shutDownRemovesTheInstance() throws Exception {
        String service = NamingClients.uniqueName("shutdown");
        NamingService leaving = clients.open();
        NamingService staying = clients.open();
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        leaving.registerInstance(service, "127.0.0.31", 7001);
        staying.registerInstance(service, "127.0.0.32", 7001);
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.31:7001", "127.0.0.32:7001"), listener.lastEndpoints()));

        clients.shutDown(leaving);

        await().atMost(Waits.EVICTION).untilAsserted(() ->
                assertEquals(List.of("127.0.0.32:7001"), listener.lastEndpoints()));
        assertEquals(List.of("127.0.0.32:7001"), endpoints(subscriber.getAllInstances(service)));
        assertEquals(List.of("127.0.0.32:7001"), endpoints(subscriber.getAllInstances(service, false)));
    }

    @Test
    @DisplayName("after the last provider shuts down, the subscriber sees an empty service")
    void lastProviderLeaving() throws Exception {
        String service = NamingClients.uniqueName("shutdown");
        NamingService provider = clients.open();
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        provider.registerInstance(service, "127.0.0.33", 7001);
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.33:7001"), listener.lastEndpoints()));

        clients.shutDown(provider);

        await().atMost(Waits.EVICTION).untilAsserted(() -> assertEquals(List.of(), listener.lastEndpoints()));
        assertEquals(List.of(), subscriber.getAllInstances(service));
        assertEquals(List.of(), subscriber.getAllInstances(service, false));
    }
}
