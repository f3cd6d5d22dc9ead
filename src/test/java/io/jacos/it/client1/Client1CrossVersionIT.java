package io.jacos.it.client1;

import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.ClientProcess;
import io.jacos.it.support.EventRecorder;
import io.jacos.it.support.LegacyHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.RegisteringClientMain;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.SubscribingClientMain;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One registry for both generations: nacos-client 1.4.6 in this JVM, 2.5.1 in JVMs of their own (on the
 * project's test class path), each seeing what the other registers, pushed.
 */
@ExtendWith(SharedServer.class)
@DisplayName("1.4.6 and 2.5.1 see each other")
class Client1CrossVersionIT {

    private static final String CLIENT_2 = System.getProperty("jacos.client2.classpath");

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private final LegacyHttp http = new LegacyHttp(SharedServer.serverAddr());
    private final List<ClientProcess> processes = new ArrayList<>();

    @AfterEach
    void close() {
        processes.forEach(ClientProcess::close);
        clients.close();
    }

    @Test
    @DisplayName("a 2.5.1 provider reaches a 1.4.6 subscriber by UDP push")
    void providerOnGrpcSubscriberOnUdp() throws Exception {
        String service = NamingClients.uniqueName("cross-udp");
        clients.open().registerInstance(service, NamingClients.instance("127.0.0.90", 9000));
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.90:9000")::equals);
        long pushedBefore = http.acknowledgedPushes("udp");

        ClientProcess provider = start(RegisteringClientMain.class, RegisteringClientMain.REGISTERED,
                service + "-v2-provider", SharedServer.serverAddr(), service, "127.0.0.91", "9001");

        await().atMost(Waits.PUSH).until(listener::lastEndpoints, List.of("127.0.0.90:9000", "127.0.0.91:9001")::equals);
        provider.kill();
        await().atMost(Waits.EVICTION).until(listener::lastEndpoints, List.of("127.0.0.90:9000")::equals);
        assertTrue(http.acknowledgedPushes("udp") - pushedBefore >= 2, "the changes came by UDP push");
    }

    @Test
    @DisplayName("a 1.4.6 provider reaches a 2.5.1 subscriber by gRPC push")
    void providerOnHttpSubscriberOnGrpc() throws Exception {
        String service = NamingClients.uniqueName("cross-grpc");
        ClientProcess subscriber = start(SubscribingClientMain.class, SubscribingClientMain.SUBSCRIBED,
                service + "-v2-subscriber", SharedServer.serverAddr(), service);
        NamingService provider = clients.open();

        provider.registerInstance(service, NamingClients.instance("127.0.0.92", 9002));
        await().atMost(Waits.PUSH).until(() -> lastEvent(subscriber), "127.0.0.92:9002"::equals);

        provider.deregisterInstance(service, "127.0.0.92", 9002);
        await().atMost(Waits.PUSH).until(() -> lastEvent(subscriber), ""::equals);
    }

    private ClientProcess start(Class<?> main, String ready, String name, String... args) {
        ClientProcess process = ClientProcess.start(CLIENT_2, main, ready, name, args);
        processes.add(process);
        return process;
    }

    private static String lastEvent(ClientProcess process) throws Exception {
        List<String> events = process.lines().filter(l -> l.startsWith(SubscribingClientMain.EVENT)).toList();
        return events.isEmpty() ? null : events.get(events.size() - 1).substring(SubscribingClientMain.EVENT.length()).trim();
    }
}
