package io.jacos.replication;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.NodeId;
import io.jacos.model.ServiceKey;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bridge: X and Y no longer hear each other, Z hears both, and nobody leaves the view. Y, hearing nothing of X
 * for longer than the silence limit, asks Z to relay what it holds of X, and catches up with X's changes.
 */
class SilentPeerRelayTest {

    private static final NodeId X = new NodeId("127.0.0.1", 2001);
    private static final NodeId Y = new NodeId("127.0.0.1", 2002);
    private static final NodeId Z = new NodeId("127.0.0.1", 2003);
    private static final ServiceKey SERVICE = new ServiceKey("public", "DEFAULT_GROUP", "payments");
    private static final ClientId CONNECTION = new ClientId("1700000000000_127.0.0.1_51000");
    /** Under the nodes' silence limit (two verify intervals of 5 s), so whoever still hears a peer keeps hearing it. */
    private static final long STEP_MILLIS = 4_000;

    private final SteppedClock clock = new SteppedClock(2_000_000);
    private final ReplicationNetwork network = new ReplicationNetwork();
    private ReplicationNode x;
    private ReplicationNode y;
    private ReplicationNode z;

    @BeforeEach
    void bridgedNodes() {
        x = new ReplicationNode(X, List.of(X, Y, Z), clock, network);
        y = new ReplicationNode(Y, List.of(X, Y, Z), clock, network);
        z = new ReplicationNode(Z, List.of(X, Y, Z), clock, network);
        for (ReplicationNode node : List.of(x, y, z)) {
            network.join(node);
            node.install(1, List.of(X, Y, Z));
        }
        network.pump();
        x.registry.connect(CONNECTION, ClientKind.CONNECTION, X.address());
        x.registry.publish(CONNECTION, SERVICE, List.of(instance(8080), instance(8081)), ChangeOrigin.client(CONNECTION));
        network.pump();
        assertEquals(2, y.registry.reader().view(SERVICE).instances().size());
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

    private static Instance instance(int port) {
        return new Instance(Instance.simpleId("10.0.0.1", port, "DEFAULT", SERVICE), "10.0.0.1", port, 1.0, true,
                true, true, "DEFAULT", Map.of());
    }
}
