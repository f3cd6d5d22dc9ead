package io.jacos.it;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.EventRecorder;
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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A subscriber is told about every change of the service it subscribed to, and only about that service. */
@ExtendWith(SharedServer.class)
@DisplayName("Subscribe and push")
class SubscribePushIT {

    private static final String GROUP = "DEFAULT_GROUP";

    private final NamingClients clients = new NamingClients(SharedServer.serverAddr());
    private String service;

    @BeforeEach
    void uniqueService() {
        service = NamingClients.uniqueName("push");
    }

    @AfterEach
    void closeClients() {
        clients.close();
    }

    @Test
    @DisplayName("the listener sees register, update, replace and deregister in turn")
    void listenerFollowsEveryChange() throws Exception {
        NamingService provider = clients.open();
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);

        // Register.
        provider.registerInstance(service, withWeightAndVersion(instance("127.0.0.21", 9001), 1.0, "1"));
        await().atMost(Waits.PUSH).untilAsserted(() -> {
            assertEquals(List.of("127.0.0.21:9001"), listener.lastEndpoints());
            assertWeightAndVersion(listener.lastInstances().get(0), 1.0, "1");
        });
        NamingEvent first = listener.events().get(listener.events().size() - 1);
        assertEquals(service, first.getServiceName());
        assertEquals(GROUP, first.getGroupName());

        // Update: registering again on the same connection replaces the instance's values.
        provider.registerInstance(service, withWeightAndVersion(instance("127.0.0.21", 9001), 2.0, "2"));
        await().atMost(Waits.PUSH).untilAsserted(() -> {
            assertEquals(List.of("127.0.0.21:9001"), listener.lastEndpoints());
            assertWeightAndVersion(listener.lastInstances().get(0), 2.0, "2");
        });

        // Replace: one instance per connection and service, so a new address takes the old one's place.
        provider.registerInstance(service, withWeightAndVersion(instance("127.0.0.21", 9002), 2.0, "3"));
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.21:9002"), listener.lastEndpoints()));

        // Deregister.
        provider.deregisterInstance(service, "127.0.0.21", 9002);
        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(List.of(), listener.lastEndpoints()));

        List<List<String>> history = listener.endpointHistory();
        assertEquals(List.of(List.of("127.0.0.21:9001"), List.of("127.0.0.21:9002"), List.of()),
                history.subList(history.size() - 3, history.size()),
                "states seen by the listener, in order: " + history);
        assertEquals(List.of(), subscriber.getAllInstances(service));
        assertEquals(List.of(), subscriber.getAllInstances(service, false));
    }

    @Test
    @DisplayName("instances of several providers add up; one leaving removes only its own")
    void providersAddUp() throws Exception {
        NamingService first = clients.open();
        NamingService second = clients.open();
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);

        first.registerInstance(service, "127.0.0.22", 9001);
        second.registerInstance(service, "127.0.0.23", 9001);
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.22:9001", "127.0.0.23:9001"), listener.lastEndpoints()));

        first.deregisterInstance(service, "127.0.0.22", 9001);
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.23:9001"), listener.lastEndpoints()));
        assertEquals(List.of("127.0.0.23:9001"), endpoints(subscriber.getAllInstances(service)));
    }

    @Test
    @DisplayName("a service of the same name in another group is not delivered to this listener")
    void otherGroupIsNotDelivered() throws Exception {
        String otherGroup = NamingClients.uniqueName("OTHER");
        NamingService provider = clients.open();
        NamingService otherProvider = clients.open();
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        EventRecorder otherListener = new EventRecorder();
        subscriber.subscribe(service, GROUP, listener);
        subscriber.subscribe(service, otherGroup, otherListener);

        // The other group's change reaches the subscriber (through the other listener) first ...
        otherProvider.registerInstance(service, otherGroup, instance("127.0.0.24", 9001));
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.24:9001"), otherListener.lastEndpoints()));
        // ... then a change of the listened-to service: by the time it arrives, anything misrouted would have too.
        provider.registerInstance(service, GROUP, instance("127.0.0.25", 9001));
        await().atMost(Waits.PUSH).untilAsserted(() ->
                assertEquals(List.of("127.0.0.25:9001"), listener.lastEndpoints()));

        for (NamingEvent event : listener.events()) {
            assertEquals(GROUP, event.getGroupName());
            assertTrue(event.getInstances().stream().allMatch(i -> (GROUP + "@@" + service).equals(i.getServiceName())),
                    "only instances of " + GROUP + "@@" + service + ": " + event.getInstances());
        }
        for (NamingEvent event : otherListener.events()) {
            assertEquals(otherGroup, event.getGroupName());
            assertEquals(List.of("127.0.0.24:9001"), endpoints(event.getInstances()));
        }
        assertEquals(List.of("127.0.0.25:9001"), endpoints(subscriber.getAllInstances(service, GROUP)));
        assertEquals(List.of("127.0.0.24:9001"), endpoints(subscriber.getAllInstances(service, otherGroup)));
    }

    private static Instance withWeightAndVersion(Instance instance, double weight, String version) {
        instance.setWeight(weight);
        instance.setMetadata(Map.of("version", version));
        return instance;
    }

    private static void assertWeightAndVersion(Instance instance, double weight, String version) {
        assertEquals(weight, instance.getWeight());
        assertEquals(Map.of("version", version), instance.getMetadata());
    }
}
