package io.jacos.registry;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;
import io.jacos.registry.client.ClientView;
import io.jacos.registry.client.ClientView.LeaseState;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What readers get of a client: a value that the registry's later writes do not change. */
class ClientViewTest {

    private static final ClientId CLIENT = ClientId.ofIpPort("10.0.0.1", 80, true);
    private static final ServiceKey ORDERS = new ServiceKey("public", "G", "orders");
    private static final ServiceKey STOCK = new ServiceKey("public", "G", "stock");
    private static final Instance INSTANCE =
            new Instance("10.0.0.1#80#DEFAULT", "10.0.0.1", 80, 1.0, true, true, true, "DEFAULT", Map.of());

    private final SteppedClock clock = new SteppedClock(1_000);
    private final Registry registry = TestRegistries.create(clock, TestRegistries.eventList());

    @Test
    void aViewHoldsWhatTheClientPublishedAndSubscribedWithTheLeases() {
        registry.connect(CLIENT, ClientKind.IP_PORT, "node-1");
        registry.publish(CLIENT, ORDERS, List.of(INSTANCE), ChangeOrigin.client(CLIENT));
        registry.subscribe(CLIENT, new Subscription(STOCK, ""), Integer.MAX_VALUE);
        registry.mark(CLIENT, ORDERS, true, true, ChangeOrigin.client(CLIENT));

        ClientView view = registry.reader().client(CLIENT).orElseThrow();

        assertEquals(ClientKind.IP_PORT, view.kind());
        assertEquals("node-1", view.owner());
        assertEquals(List.of(INSTANCE), view.published(ORDERS).orElseThrow());
        assertEquals(new Subscription(STOCK, ""), view.subscription(STOCK).orElseThrow());
        assertEquals(new LeaseState(1_000, true), view.lease(ORDERS).orElseThrow());
        assertEquals(1_000, view.subscriptionLease(STOCK).orElseThrow().renewedAtMillis());
    }

    @Test
    void aViewDoesNotFollowLaterWrites() {
        registry.connect(CLIENT, ClientKind.IP_PORT, "node-1");
        registry.publish(CLIENT, ORDERS, List.of(INSTANCE), ChangeOrigin.client(CLIENT));
        ClientView before = registry.reader().client(CLIENT).orElseThrow();

        clock.advance(500);
        registry.renew(CLIENT, ORDERS);
        registry.transfer(CLIENT, "node-2");
        registry.withdraw(CLIENT, ORDERS, ChangeOrigin.client(CLIENT));

        assertEquals(List.of(INSTANCE), before.published(ORDERS).orElseThrow());
        assertEquals(1_000, before.lease(ORDERS).orElseThrow().renewedAtMillis());
        assertEquals("node-1", before.owner());
        ClientView after = registry.reader().client(CLIENT).orElseThrow();
        assertTrue(after.published(ORDERS).isEmpty());
        assertEquals("node-2", after.owner());
    }

    @Test
    void aViewCannotBeChangedByItsReader() {
        registry.connect(CLIENT, ClientKind.IP_PORT, "node-1");
        registry.publish(CLIENT, ORDERS, List.of(INSTANCE), ChangeOrigin.client(CLIENT));
        ClientView view = registry.reader().client(CLIENT).orElseThrow();

        assertThrows(UnsupportedOperationException.class, () -> view.published().remove(ORDERS));
        assertThrows(UnsupportedOperationException.class, () -> view.published(ORDERS).orElseThrow().clear());
        assertThrows(UnsupportedOperationException.class, () -> view.leases().clear());
        assertEquals(List.of(INSTANCE), registry.reader().client(CLIENT).orElseThrow().published(ORDERS).orElseThrow());
    }

    @Test
    void clientsAreCountedAndListedByKindAndOwner() {
        registry.connect(CLIENT, ClientKind.IP_PORT, "node-1");
        registry.connect(new ClientId("conn-1"), ClientKind.CONNECTION, "node-2");

        assertEquals(1, registry.reader().countOf(ClientKind.IP_PORT));
        assertEquals(List.of(CLIENT), registry.reader().clientsOf(ClientKind.IP_PORT).stream().map(ClientView::id)
                .toList());
        assertEquals(List.of(new ClientId("conn-1")), registry.reader().clientsOwnedBy("node-2").stream()
                .map(ClientView::id).toList());
        assertEquals(ClientKind.CONNECTION, registry.reader().kindOf(new ClientId("conn-1")).orElseThrow());
    }
}
