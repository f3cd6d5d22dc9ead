package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import io.jacos.it.support.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Map;

import static io.jacos.it.support.NamingClients.endpoints;
import static io.jacos.it.support.NamingClients.instance;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One client registers an instance; another client discovers exactly what was registered. */
@ExtendWith(SharedServer.class)
@DisplayName("Register and discover")
class RegisterAndDiscoverIT {

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private String service;

    @BeforeEach
    void uniqueService() {
        service = NamingClients.uniqueName("discover");
    }

    @AfterEach
    void closeClients() {
        clients.close();
    }

    @Test
    @DisplayName("another client sees the registered instance with every registered value")
    void discoversTheRegisteredValues() throws Exception {
        NamingService provider = clients.open();
        NamingService consumer = clients.open();
        Instance registered = instance("127.0.0.11", 8081);
        registered.setWeight(3.5);
        registered.setClusterName("c1");
        registered.setMetadata(Map.of("zone", "a", "version", "1.2"));

        provider.registerInstance(service, registered);

        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(1, consumer.getAllInstances(service).size()));
        Instance seen = consumer.getAllInstances(service).get(0);
        assertAll(
                () -> assertEquals("127.0.0.11#8081#c1#DEFAULT_GROUP@@" + service, seen.getInstanceId()),
                () -> assertEquals("127.0.0.11", seen.getIp()),
                () -> assertEquals(8081, seen.getPort()),
                () -> assertEquals(3.5, seen.getWeight()),
                () -> assertEquals("c1", seen.getClusterName()),
                () -> assertEquals(Map.of("zone", "a", "version", "1.2"), seen.getMetadata()),
                () -> assertEquals("DEFAULT_GROUP@@" + service, seen.getServiceName()),
                () -> assertTrue(seen.isEphemeral(), "ephemeral"),
                () -> assertTrue(seen.isHealthy(), "healthy"),
                () -> assertTrue(seen.isEnabled(), "enabled"));

        // A one-shot query (no subscription) asks the server directly and gets the same instance.
        List<Instance> queried = consumer.getAllInstances(service, false);
        assertEquals(List.of(seen.getInstanceId()), queried.stream().map(Instance::getInstanceId).toList());
    }

    @Test
    @DisplayName("a cluster name left blank is stored as DEFAULT and is part of the instance id")
    void blankClusterBecomesDefault() throws Exception {
        NamingService provider = clients.open();
        NamingService consumer = clients.open();

        provider.registerInstance(service, "127.0.0.12", 8082);

        List<Instance> seen = consumer.getAllInstances(service, false);
        assertEquals(1, seen.size());
        assertEquals("DEFAULT", seen.get(0).getClusterName());
        assertEquals("127.0.0.12#8082#DEFAULT#DEFAULT_GROUP@@" + service, seen.get(0).getInstanceId());
        assertEquals(Map.of(), seen.get(0).getMetadata());
    }

    @Test
    @DisplayName("selectInstances(healthy=true) keeps only healthy instances; disabled ones are never served")
    void selectsHealthyInstances() throws Exception {
        NamingService healthyProvider = clients.open();
        NamingService unhealthyProvider = clients.open();
        NamingService disabledProvider = clients.open();
        NamingService consumer = clients.open();
        Instance unhealthy = instance("127.0.0.13", 8083);
        unhealthy.setHealthy(false);
        Instance disabled = instance("127.0.0.14", 8084);
        disabled.setEnabled(false);

        healthyProvider.registerInstance(service, instance("127.0.0.12", 8082));
        unhealthyProvider.registerInstance(service, unhealthy);
        disabledProvider.registerInstance(service, disabled);

        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(
                List.of("127.0.0.12:8082", "127.0.0.13:8083"), endpoints(consumer.getAllInstances(service))));
        assertEquals(List.of("127.0.0.12:8082"), endpoints(consumer.selectInstances(service, true)));
        assertEquals(List.of("127.0.0.13:8083"), endpoints(consumer.selectInstances(service, false)));
        assertEquals(List.of("127.0.0.12:8082", "127.0.0.13:8083"), endpoints(consumer.getAllInstances(service, false)));
    }

    @Test
    @DisplayName("getAllInstances with a cluster list returns only instances of those clusters")
    void filtersByCluster() throws Exception {
        NamingService providerC1 = clients.open();
        NamingService providerC2 = clients.open();
        Instance inC1 = instance("127.0.0.15", 8085);
        inC1.setClusterName("c1");
        Instance inC2 = instance("127.0.0.16", 8086);
        inC2.setClusterName("c2");

        providerC1.registerInstance(service, inC1);
        providerC2.registerInstance(service, inC2);

        // Subscribed lookups: the client subscribes to the whole service and filters the clusters itself.
        // nacos-client 2.5.1 writes that filtered list back into its cached copy of the service, so every
        // subscribed cluster lookup below uses a client of its own.
        NamingService consumerOfC1 = clients.open();
        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(
                List.of("127.0.0.15:8085"), endpoints(consumerOfC1.getAllInstances(service, List.of("c1")))));
        NamingService consumerOfC2 = clients.open();
        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(
                List.of("127.0.0.16:8086"), endpoints(consumerOfC2.getAllInstances(service, List.of("c2")))));

        // One-shot lookups: the server applies the cluster filter.
        NamingService query = clients.open();
        assertEquals(List.of("127.0.0.15:8085"), endpoints(query.getAllInstances(service, List.of("c1"), false)));
        assertEquals(List.of("127.0.0.16:8086"), endpoints(query.getAllInstances(service, List.of("c2"), false)));
        assertEquals(List.of("127.0.0.15:8085", "127.0.0.16:8086"),
                endpoints(query.getAllInstances(service, List.of("c1", "c2"), false)));
        assertEquals(List.of("127.0.0.15:8085", "127.0.0.16:8086"), endpoints(query.getAllInstances(service, false)));
        assertEquals(List.of(), query.getAllInstances(service, List.of("c3"), false));
    }
}
