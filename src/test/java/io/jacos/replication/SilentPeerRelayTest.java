package io.jacos.replication;

import io.jacos.model.ChangeOrigin;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bridge: X and Y no longer hear each other, Z hears both, and nobody leaves the view. Y, hearing nothing of X
 * for longer than the silence limit, asks Z to relay what it holds of X, and catches up with X's changes.
 */
class SilentPeerRelayTest extends ThreeNodeTest {

    /** Under the nodes' silence limit (two verify intervals of 5 s), so whoever still hears a peer keeps hearing it. */
    private static final long STEP_MILLIS = 4_000;

    @BeforeEach
    void xAndYCutApart() {
        network.cut(X, Y);
        network.cut(Y, X);
    }

    @Test
    void aNodeDeafToAPeerCatchesUpThroughOneThatHearsIt() {
        x.registry.publish(CONNECTION, SERVICE, List.of(instance(8080)), ChangeOrigin.client(CONNECTION));
        network.pump();
        assertEquals(2, y.registry.reader().view(SERVICE).instances().size());

        digestsFor(3 * STEP_MILLIS);
        y.applier.tick();
        network.pump();

        assertEquals(List.of(instance(8080)), y.registry.reader().view(SERVICE).instances());
        assertEquals(X.address(), y.registry.reader().client(CONNECTION).orElseThrow().owner());
    }

    @Test
    void aClientGoneWhileDeafGoesThroughTheBridge() {
        x.registry.disconnect(CONNECTION, ChangeOrigin.client(CONNECTION));
        network.pump();
        assertTrue(y.registry.reader().client(CONNECTION).isPresent());

        digestsFor(3 * STEP_MILLIS);
        y.applier.tick();
        network.pump();

        assertTrue(y.registry.reader().client(CONNECTION).isEmpty());
    }

    @Test
    void nothingIsAskedBeforeThePeerIsSilentAndNothingIsRelayedByANodeDeafToItToo() {
        x.registry.publish(CONNECTION, SERVICE, List.of(instance(8080)), ChangeOrigin.client(CONNECTION));
        network.pump();
        y.applier.tick();
        network.pump();
        assertEquals(2, y.registry.reader().view(SERVICE).instances().size(), "asked before the silence limit");

        network.cut(X, Z);
        digestsFor(3 * STEP_MILLIS);
        y.applier.tick();
        network.pump();

        assertEquals(2, y.registry.reader().view(SERVICE).instances().size(), "relayed by a node that doubts X");
    }

    @Test
    void aPeerAskingAgainWithinHalfAnIntervalIsNotAnsweredAgain() {
        x.registry.publish(CONNECTION, SERVICE, List.of(instance(8080)), ChangeOrigin.client(CONNECTION));
        network.pump();
        digestsFor(3 * STEP_MILLIS);
        ReplicationMessage.RelayRequest request = new ReplicationMessage.RelayRequest(Y, y.epoch.value(), X);
        ReplicationCodec codec = new ReplicationCodec();
        network.send(Y, Z, codec.encode(request));
        network.pump();
        assertEquals(List.of(instance(8080)), y.registry.reader().view(SERVICE).instances());

        x.registry.publish(CONNECTION, SERVICE, List.of(instance(8082)), ChangeOrigin.client(CONNECTION));
        network.pump();
        clock.advance(1_000);
        network.send(Y, Z, codec.encode(request));
        network.pump();
        assertEquals(List.of(instance(8080)), y.registry.reader().view(SERVICE).instances(), "answered again at once");

        clock.advance(2_000);
        network.send(Y, Z, codec.encode(request));
        network.pump();
        assertEquals(List.of(instance(8082)), y.registry.reader().view(SERVICE).instances());
    }

    /** Time passes with every node sending its periodic digest, so each keeps hearing the peers it still reaches. */
    private void digestsFor(long millis) {
        for (long passed = 0; passed < millis; passed += STEP_MILLIS) {
            clock.advance(STEP_MILLIS);
            List.of(x, y, z).forEach(node -> node.sender.digestDue());
            network.pump();
        }
    }
}
