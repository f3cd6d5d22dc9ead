package io.jacos.it.client1;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.ClientProcess;
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
import java.util.Map;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A namespace made through the console API holds what 1.4.6 and 2.5.1 clients register in it, apart from public. */
@ExtendWith(SharedServer.class)
@DisplayName("1.4.6: namespaces and server state")
class Client1NamespaceIT {

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
    @DisplayName("a namespace created through /v1/console/namespaces isolates 1.4.6 and 2.5.1 registrations from public")
    void createdNamespaceIsolates() throws Exception {
        String namespace = "ns-" + UUID.randomUUID().toString().substring(0, 8);
        LegacyHttp.Answer created = http.call("POST", "/nacos/v1/console/namespaces",
                Map.of("customNamespaceId", namespace, "namespaceName", "team " + namespace, "namespaceDesc", "test"));
        assertEquals(200, created.status(), created.body());
        assertEquals("true", created.body().trim());

        String service = NamingClients.uniqueName("isolated");
        NamingService inNamespace = clients.open(Map.of(PropertyKeyConst.NAMESPACE, namespace));
        NamingService inPublic = clients.open();
        inNamespace.registerInstance(service, NamingClients.instance("127.0.0.95", 9500));
        process = ClientProcess.start(System.getProperty("jacos.client2.classpath"), RegisteringClientMain.class,
                RegisteringClientMain.REGISTERED, service + "-v2", SharedServer.serverAddr(), service, "127.0.0.96",
                "9600", namespace);

        await().atMost(Waits.PUSH).until(() -> NamingClients.endpoints(inNamespace.getAllInstances(service, false)),
                List.of("127.0.0.95:9500", "127.0.0.96:9600")::equals);
        assertEquals(List.of(), inPublic.getAllInstances(service, false));
        LegacyHttp.Answer list = http.call("GET", "/nacos/v1/console/namespaces", Map.of());
        assertTrue(list.json().path("data").findValuesAsText("namespace").contains(namespace), list.body());
    }

    @Test
    @DisplayName("server/state reports the server UP with its version; operator/metrics says UP for getServerStatus")
    void serverState() throws Exception {
        LegacyHttp.Answer state = http.call("GET", "/nacos/v1/console/server/state", Map.of());
        assertEquals(200, state.status(), state.body());
        assertTrue(!state.json().path("version").asText().isBlank(), state.body());
        assertTrue(state.body().contains("UP"), state.body());
        assertEquals("UP", clients.open().getServerStatus());
    }
}
