package io.jacos.replication;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three nodes; the owner X's last change reaches Z but not Y (the cut took that link first), then X leaves the
 * view: Z relays what it holds of X, and Y catches up instead of showing X's older state for the whole grace.
 */
class DepartedRelayTest extends ThreeNodeTest {

    @Test
    void aDeregistrationOnlyOneSurvivorHeardReachesTheOtherWhenTheOwnerLeaves() {
        network.cut(X, Y);
        x.registry.publish(CONNECTION, SERVICE, List.of(instance(8080)), ChangeOrigin.client(CONNECTION));
        network.pump();
        assertEquals(List.of(instance(8080)), z.registry.reader().view(SERVICE).instances());
        assertEquals(2, y.registry.reader().view(SERVICE).instances().size());

        network.cutOff(X);
        y.install(2, List.of(Y, Z));
        z.install(2, List.of(Y, Z));
        network.pump();

        assertEquals(List.of(instance(8080)), y.registry.reader().view(SERVICE).instances());
        assertEquals(X.address(), y.registry.reader().client(CONNECTION).orElseThrow().owner());
    }

    @Test
    void aClientGoneThatOnlyOneSurvivorHeardGoesFromTheOtherWhenTheOwnerLeaves() {
        network.cut(X, Y);
        x.registry.disconnect(CONNECTION, ChangeOrigin.client(CONNECTION));
        network.pump();
        assertTrue(z.registry.reader().client(CONNECTION).isEmpty());
        assertTrue(y.registry.reader().client(CONNECTION).isPresent());

        network.cutOff(X);
        y.install(2, List.of(Y, Z));
        z.install(2, List.of(Y, Z));
        network.pump();

        assertTrue(y.registry.reader().client(CONNECTION).isEmpty());
        assertTrue(y.registry.reader().view(SERVICE).instances().isEmpty());
    }

    @Test
    void aRelayedStateReplacesOnlyAnOlderHeldOneAndNothingNeverHeldIsTaken() {
        network.cut(X, Z);
        x.registry.publish(CONNECTION, SERVICE, List.of(instance(8080)), ChangeOrigin.client(CONNECTION));
        ClientId other = new ClientId("1700000000001_127.0.0.1_50001");
        x.registry.connect(other, ClientKind.CONNECTION, X.address());
        x.registry.publish(other, SERVICE, List.of(instance(9090)), ChangeOrigin.client(other));
        network.pump();

        network.cutOff(X);
        y.install(2, List.of(Y, Z));
        z.install(2, List.of(Y, Z));
        network.pump();

        assertEquals(List.of(instance(8080), instance(9090)), y.registry.reader().view(SERVICE).instances());
        assertEquals(List.of(instance(8080)), z.registry.reader().view(SERVICE).instances());
        assertTrue(z.registry.reader().client(other).isEmpty());
    }
}
