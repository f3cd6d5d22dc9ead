package io.jacos.replication;

import io.jacos.model.ChangeOrigin;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Y was cut off while X's client added an instance. At the heal, X and Z merge their view with Y a little before Y
 * does, and what they send Y meanwhile reaches it only after it merged too: X's full sync, sent unasked as Y entered
 * X's view, then X's copy without that instance, deregistered in between. Y must not show the deregistered instance
 * on the way, so it believes no full sync but X's answer to a request Y made after its own merge.
 */
class MergeSyncTest extends ThreeNodeTest {

    private static final List<io.jacos.model.NodeId> ALL = List.of(X, Y, Z);

    @BeforeEach
    void yCutOffWhileXsClientAddsAnInstance() {
        network.cutOff(Y);
        x.install(2, List.of(X, Z));
        z.install(2, List.of(X, Z));
        y.install(2, List.of(Y));
        x.registry.publish(CONNECTION, SERVICE, List.of(instance(8080), instance(8081), instance(8082)),
                ChangeOrigin.client(CONNECTION));
        network.pump();
        clock.advance(20_000);
    }

    @Test
    void aFullSyncSentBeforeThisNodeMergedIsNotBelievedAfterItDid() {
        network.reconnect(Y);
        network.hold(Y);
        x.merge(3, ALL);
        z.merge(3, ALL);
        network.pump();
        x.registry.publish(CONNECTION, SERVICE, List.of(instance(8080), instance(8081)), ChangeOrigin.client(CONNECTION));
        network.pump();
        y.merge(3, ALL);
        network.pump();

        int delivered = 0;
        while (network.deliverOneHeld(Y)) {
            delivered++;
            assertFalse(y.registry.reader().view(SERVICE).instances().contains(instance(8082)),
                    "Y showed the deregistered instance after message " + delivered + " of those held");
        }

        assertEquals(List.of(instance(8080), instance(8081)), y.registry.reader().view(SERVICE).instances());
        assertEquals(X.address(), y.registry.reader().client(CONNECTION).orElseThrow().owner());
        assertTrue(y.status.report(X).orElseThrow().synced(), "X's answer to a request of Y was believed");
    }

    @Test
    void aRequestLostBeforeThePeerMergedIsMadeAgainWhenThePeersUnaskedSyncComes() {
        network.reconnect(Y);
        network.cut(Y, X);
        y.merge(3, ALL);
        network.pump();
        network.heal(Y, X);

        x.merge(3, ALL);
        z.merge(3, ALL);
        network.pump();

        assertEquals(List.of(instance(8080), instance(8081), instance(8082)),
                y.registry.reader().view(SERVICE).instances());
        assertTrue(y.status.report(X).orElseThrow().synced(), "asked X again, within the interval between requests");
    }
}
