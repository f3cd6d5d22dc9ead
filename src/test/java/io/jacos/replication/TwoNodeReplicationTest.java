package io.jacos.replication;

import io.jacos.model.ChangeOrigin;

import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.event.EndpointWithdrawn;
import io.jacos.event.PeerStoredConfigs;
import io.jacos.event.PeerWithdrewEndpoint;
import io.jacos.model.NodeId;
import io.jacos.model.ServiceKey;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two nodes' senders and appliers over a pumped in-memory network: what one owns, the other holds as a copy. */
class TwoNodeReplicationTest {

    private static final NodeId X = new NodeId("127.0.0.1", 1001);
    private static final NodeId Y = new NodeId("127.0.0.1", 1002);
    private static final ServiceKey SERVICE = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    private static final ClientId CONNECTION = new ClientId("1700000000000_127.0.0.1_50000");

    private final SteppedClock clock = new SteppedClock(1_000_000);
    private final ReplicationNetwork network = new ReplicationNetwork();
    private ReplicationNode x;
    private ReplicationNode y;

    @BeforeEach
    void twoNodesInOneView() {
        List<ReplicationNode> nodes = network.startInOneView(clock, X, Y);
        x = nodes.get(0);
        y = nodes.get(1);
    }

    @Test
    void aRegistrationOnOneNodeIsACopyOnTheOther() {
        registerOnX(instance("10.0.0.1", 8080, Map.of("zone", "a")));

        assertEquals(List.of(instance("10.0.0.1", 8080, Map.of("zone", "a"))), y.registry.reader().view(SERVICE).instances());
        assertEquals(X.address(), y.registry.reader().client(CONNECTION).orElseThrow().owner());
    }

    @Test
    void deregisteringAndDisconnectingRemoveTheCopy() {
        registerOnX(instance("10.0.0.1", 8080, Map.of()));

        x.registry.withdraw(CONNECTION, SERVICE, ChangeOrigin.client(CONNECTION));
        network.pump();
        assertTrue(y.registry.reader().view(SERVICE).instances().isEmpty());

        x.registry.publish(CONNECTION, SERVICE, List.of(instance("10.0.0.2", 8080, Map.of())), ChangeOrigin.client(CONNECTION));
        network.pump();
        x.registry.disconnect(CONNECTION, ChangeOrigin.client(CONNECTION));
        network.pump();
        assertTrue(y.registry.reader().client(CONNECTION).isEmpty());
        assertTrue(y.registry.reader().view(SERVICE).instances().isEmpty());
    }

    @Test
    void aPeersConfigurationNoticeIsPassedOnForTheConfigurationServiceToRead() {
        network.send(X, Y, new ReplicationCodec().encode(new ReplicationMessage.ConfigsChanged(X, x.epoch.value())));
        network.pump();
        assertEquals(List.of(new PeerStoredConfigs(X.address())), y.peerNotices.fired());
        assertEquals(List.of(), x.peerNotices.fired());
    }

    @Test
    void aPeersWithdrawnAddressIsPassedOnForTheClientsThisNodeHandedOff() {
        EndpointWithdrawn address = new EndpointWithdrawn(SERVICE, "10.0.0.2", 8080, "DEFAULT");
        network.send(X, Y, new ReplicationCodec().encode(new ReplicationMessage.Withdrawn(X, x.epoch.value(), address)));
        network.send(X, Y, new ReplicationCodec().encode(new ReplicationMessage.Withdrawn(X, x.epoch.value() - 1,
                address)));
        network.pump();
        assertEquals(List.of(new PeerWithdrewEndpoint(X.address(), address)), y.peerNotices.fired(),
                "once: a notice of an older incarnation is fenced");
    }

    /** A bridge partition's uneven views: Y dropped X, which still reaches it and may hold clients Y moved there. */
    @Test
    void aWithdrawnAddressFromAConfiguredNodeOutsideTheViewIsPassedOnToo() {
        y.install(2, List.of(Y));
        EndpointWithdrawn address = new EndpointWithdrawn(SERVICE, "10.0.0.2", 8080, "DEFAULT");
        ReplicationCodec codec = new ReplicationCodec();
        NodeId stranger = new NodeId("127.0.0.1", 1009);

        y.deliverFromOutsideView(X, codec.encode(new ReplicationMessage.Withdrawn(X, x.epoch.value(), address)));
        y.deliverFromOutsideView(X, codec.encode(new ReplicationMessage.Withdrawn(stranger, 1, address)));
        y.deliverFromOutsideView(stranger, codec.encode(new ReplicationMessage.Withdrawn(stranger, 1, address)));
        y.deliverFromOutsideView(Y, codec.encode(new ReplicationMessage.Withdrawn(Y, y.epoch.value(), address)));

        assertEquals(List.of(new PeerWithdrewEndpoint(X.address(), address)), y.peerNotices.fired(),
                "only X's own notice: a relayed one, an unconfigured node's and this node's are not taken");
    }

    @Test
    void bothNodesReportSyncedOnceTheyHoldEachOthersFullSnapshot() {
        assertTrue(x.status.synced());
        assertTrue(y.status.synced());
        assertTrue(x.status.report(Y).orElseThrow().synced());
    }

    @Test
    void aNodeAloneInItsFirstViewWaitsForAMergeBeforeItCountsAsSynced() {
        // Configured with a peer, but its join found nobody.
        ReplicationNode z = new ReplicationNode(new NodeId("127.0.0.1", 1003), List.of(new NodeId("127.0.0.1", 1003), X),
                clock, network);
        z.install(1, List.of(new NodeId("127.0.0.1", 1003)));
        clock.advance(9_999);
        z.applier.tick();
        assertFalse(z.status.synced());

        clock.advance(1);
        z.applier.tick();
        assertTrue(z.status.synced());
    }

    @Test
    void aLostUpdateIsRepairedByTheNextDigest() {
        network.cutOff(Y);
        registerOnX(instance("10.0.0.1", 8080, Map.of()));
        assertTrue(y.registry.reader().view(SERVICE).instances().isEmpty());

        network.reconnect(Y);
        clock.advance(5_000);
        x.sender.digestDue();
        network.pump();

        assertEquals(1, y.registry.reader().view(SERVICE).instances().size());
    }

    @Test
    void aDepartedOwnersCopiesStayForTheGraceThenGo() {
        registerOnX(instance("10.0.0.1", 8080, Map.of()));

        y.install(2, List.of(Y));
        clock.advance(19_999);
        y.applier.tick();
        assertEquals(1, y.registry.reader().view(SERVICE).instances().size());

        clock.advance(1);
        y.applier.tick();
        assertTrue(y.registry.reader().view(SERVICE).instances().isEmpty());
        assertFalse(y.registry.reader().client(CONNECTION).isPresent());
    }

    @Test
    void aCopyIsNeverSentOnAsIfOwned() {
        registerOnX(instance("10.0.0.1", 8080, Map.of()));
        y.sender.digestDue();
        network.pump();

        // Y's digest lists nothing of X's: X keeps its own client untouched.
        assertEquals(X.address(), x.registry.reader().client(CONNECTION).orElseThrow().owner());
        assertEquals(1, x.registry.reader().view(SERVICE).instances().size());
    }

    private void registerOnX(Instance instance) {
        x.registry.connect(CONNECTION, ClientKind.CONNECTION, X.address());
        x.registry.publish(CONNECTION, SERVICE, List.of(instance), ChangeOrigin.client(CONNECTION));
        network.pump();
    }

    private static Instance instance(String ip, int port, Map<String, String> metadata) {
        return new Instance(Instance.simpleId(ip, port, "DEFAULT", SERVICE), ip, port, 1.0, true, true, true,
                "DEFAULT", metadata);
    }
}
