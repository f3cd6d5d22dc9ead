package io.jacos.application.internal;

import io.jacos.settings.BalanceSettings;
import io.jacos.model.ChangeOrigin;

import io.jacos.event.EndpointWithdrawn;
import io.jacos.event.InstanceRegistered;
import io.jacos.event.PeerWithdrewEndpoint;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;
import io.jacos.registry.Registry;
import io.jacos.registry.TestRegistries;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A client asked to move keeps what it published for the hand-off grace after its connection closes. */
class HandedOffClientsTest {

    private static final ServiceKey SERVICE = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    private static final ClientId MOVING = new ClientId("1700000000000_10.0.0.9_50000");

    private final SteppedClock clock = new SteppedClock(1_000_000);
    private HandedOffClients handedOff;
    private Registry registry;

    @BeforeEach
    void aConnectedClientWithAnInstanceAndASubscription() {
        registry = TestRegistries.create(clock, TestRegistries.eventList());
        handedOff = new HandedOffClients(registry, registry.reader(), clock, new BalanceSettings() {
            @Override
            public long handoffGraceMillis() {
                return 10_000;
            }
        });
        registry.connect(MOVING, ClientKind.CONNECTION, "127.0.0.1:8848");
        registry.publish(MOVING, SERVICE, List.of(new Instance("i", "10.0.0.9", 80, 1, true, true, true, "DEFAULT",
                Map.of())), ChangeOrigin.client(MOVING));
        registry.subscribe(MOVING, new Subscription(SERVICE, ""), 10);
    }

    @Test
    void aMovedClientIsParkedUntilTheGraceEnds() {
        handedOff.asked(MOVING);
        assertTrue(handedOff.parkIfAsked(MOVING));

        assertEquals(1, registry.reader().view(SERVICE).instances().size());
        assertTrue(registry.reader().subscribersOf(SERVICE).isEmpty(), "its subscriptions end with its connection");

        clock.advance(9_999);
        handedOff.sweep();
        assertEquals(1, registry.reader().view(SERVICE).instances().size());

        clock.advance(1);
        handedOff.sweep();
        assertTrue(registry.reader().view(SERVICE).instances().isEmpty());
        assertFalse(registry.isConnected(MOVING));
    }

    @Test
    void aParkedClientGoesOnceItsSuccessorPublishedTheSameInstancesSoItsLaterRemovalHolds() {
        ClientId successor = movedAndRepublishedBySuccessor();

        handedOff.sweep();
        assertTrue(registry.isConnected(MOVING), "landed, but its successor may not have reached a third node yet");
        clock.advance(HandedOffClients.LANDING_SETTLE_MILLIS - 1);
        handedOff.sweep();
        assertTrue(registry.isConnected(MOVING), "still settling");
        clock.advance(1);
        handedOff.sweep();

        assertFalse(registry.isConnected(MOVING), "the move landed: no need to wait for the grace");
        assertEquals(1, registry.reader().view(SERVICE).instances().size(), "the successor's instance stays");
        registry.withdraw(successor, SERVICE, ChangeOrigin.client(successor));
        assertTrue(registry.reader().view(SERVICE).instances().isEmpty(), "removed by the application: gone");
    }

    /** MOVING was asked to move and parked; its successor connected elsewhere and published the same instance. */
    private ClientId movedAndRepublishedBySuccessor() {
        ClientId successor = new ClientId("1700000000999_10.0.0.9_50001");
        handedOff.asked(MOVING);
        handedOff.parkIfAsked(MOVING);
        registry.connect(successor, ClientKind.CONNECTION, "127.0.0.2:8848");
        registry.publish(successor, SERVICE, List.of(new Instance("i", "10.0.0.9", 80, 1, true, true, true, "DEFAULT",
                Map.of())), ChangeOrigin.client(successor));
        handedOff.published(new InstanceRegistered(successor, SERVICE));
        return successor;
    }

    @Test
    void anotherEndpointOfTheServiceIsNoSuccessor() {
        ClientId other = new ClientId("1700000000999_10.0.0.8_50001");
        handedOff.asked(MOVING);
        handedOff.parkIfAsked(MOVING);
        registry.connect(other, ClientKind.CONNECTION, "127.0.0.2:8848");
        registry.publish(other, SERVICE, List.of(new Instance("j", "10.0.0.8", 80, 1, true, true, true, "DEFAULT",
                Map.of())), ChangeOrigin.client(other));
        handedOff.published(new InstanceRegistered(other, SERVICE));

        handedOff.sweep();

        assertTrue(registry.isConnected(MOVING), "parked until the grace ends");
    }

    @Test
    void aClientNotAskedToMoveIsNotParked() {
        assertFalse(handedOff.parkIfAsked(MOVING));
    }

    @Test
    void anAskThatNeverEndsInAClosedConnectionIsForgotten() {
        handedOff.asked(MOVING);
        clock.advance(10_000);
        handedOff.sweep();

        assertFalse(handedOff.parkIfAsked(MOVING));
    }

    /** The application deregistered through its successor before its redo re-published: the parked copy goes. */
    @Test
    void anAddressDeregisteredElsewhereLeavesTheParkedClientAtOnce() {
        ServiceKey other = new ServiceKey("public", "DEFAULT_GROUP", "payments");
        registry.publish(MOVING, other, List.of(new Instance("k", "10.0.0.9", 81, 1, true, true, true, "DEFAULT",
                Map.of())), ChangeOrigin.client(MOVING));
        handedOff.asked(MOVING);
        handedOff.parkIfAsked(MOVING);

        assertEquals(0, handedOff.drop(new EndpointWithdrawn(SERVICE, "10.0.0.9", 80, "other-cluster")));
        assertEquals(0, handedOff.drop(new EndpointWithdrawn(SERVICE, "10.0.0.9", 81, "DEFAULT")));
        assertEquals(1, registry.reader().view(SERVICE).instances().size(), "other addresses stay");

        handedOff.withdrawnOnPeer(new PeerWithdrewEndpoint("127.0.0.2:8848",
                new EndpointWithdrawn(SERVICE, "10.0.0.9", 80, "DEFAULT")));

        assertTrue(registry.reader().view(SERVICE).instances().isEmpty(), "deregistered, so gone before the grace");
        assertEquals(1, registry.reader().view(other).instances().size(), "its other service waits for its redo");
        assertTrue(registry.isConnected(MOVING));
    }

    @Test
    void aClientAskedToMoveWhoseConnectionIsStillClosingDropsItToo() {
        handedOff.asked(MOVING);

        handedOff.withdrawnHere(new EndpointWithdrawn(SERVICE, "10.0.0.9", 80, "DEFAULT"));

        assertTrue(registry.reader().view(SERVICE).instances().isEmpty());
    }

    @Test
    void aClientNeverHandedOffKeepsItsInstances() {
        assertEquals(0, handedOff.drop(new EndpointWithdrawn(SERVICE, "10.0.0.9", 80, "DEFAULT")));

        assertEquals(1, registry.reader().view(SERVICE).instances().size());
    }
}
