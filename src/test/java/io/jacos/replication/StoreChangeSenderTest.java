package io.jacos.replication;

import io.jacos.cluster.ClusterLink;
import io.jacos.event.StoredNamespacesChanged;
import io.jacos.event.StoredServiceChanged;
import io.jacos.event.StoredConfigChanged;
import io.jacos.model.ConfigKey;
import io.jacos.model.NodeId;
import io.jacos.model.ServiceKey;
import io.jacos.replication.ReplicationMessage.StoreChanged;
import io.jacos.testing.FixedMembers;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static io.jacos.replication.PeerMessages.ORDERS;
import static io.jacos.replication.PeerMessages.OTHER;
import static io.jacos.replication.PeerMessages.PEER;
import static io.jacos.replication.PeerMessages.SELF;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A stored change only marks; the sender thread then tells every peer once per marked service. */
class StoreChangeSenderTest {

    private static final ServiceKey BILLING = new ServiceKey("public", "DEFAULT_GROUP", "billing");

    private final List<Runnable> queued = new ArrayList<>();
    private final List<Sent> sent = new ArrayList<>();
    private final ReplicationCodec codec = new ReplicationCodec();
    private final StoreChangeSender sender;

    record Sent(NodeId to, ReplicationMessage message) {
    }

    StoreChangeSenderTest() {
        LocalEpoch epoch = new LocalEpoch(new SteppedClock(7_000));
        epoch.start();
        sender = new StoreChangeSender(new FixedMembers(SELF, List.of(SELF, PEER, OTHER)),
                (ClusterLink) (to, payload) -> sent.add(new Sent(to, codec.decode(payload))), epoch, null);
        sender.worker = queued::add;
    }

    @Test
    void marksCoalesceUntilTheSenderRunsThenEveryPeerIsToldOncePerService() {
        sender.serviceChanged(new StoredServiceChanged(ORDERS));
        sender.serviceChanged(new StoredServiceChanged(ORDERS));
        sender.serviceChanged(new StoredServiceChanged(BILLING));
        sender.namespacesChanged(new StoredNamespacesChanged());

        assertEquals(1, queued.size(), "one wake-up for the burst");
        assertEquals(List.of(), sent, "nothing on the caller's thread");
        queued.remove(0).run();

        List<ReplicationMessage> toPeer = sent.stream().filter(s -> s.to().equals(PEER)).map(Sent::message).toList();
        List<ReplicationMessage> toOther = sent.stream().filter(s -> s.to().equals(OTHER)).map(Sent::message).toList();
        assertEquals(6, sent.size(), "three messages to each of two peers, none to itself");
        assertEquals(toPeer, toOther);
        assertEquals(StoreChanged.namespaces(SELF, 7_000), toPeer.get(0));
        assertEquals(Set.of(new StoreChanged(SELF, 7_000, ORDERS), new StoreChanged(SELF, 7_000, BILLING)),
                Set.copyOf(toPeer.subList(1, 3)));
    }

    @Test
    void configurationWritesCoalesceIntoOneNoticePerPeer() {
        ConfigKey key = new ConfigKey("public", "DEFAULT_GROUP", "app.yaml");
        sender.configChanged(new StoredConfigChanged(key));
        sender.configChanged(new StoredConfigChanged(new ConfigKey("public", "DEFAULT_GROUP", "other.yaml")));
        assertEquals(1, queued.size());
        queued.remove(0).run();

        assertEquals(List.of(new Sent(PEER, new ReplicationMessage.ConfigsChanged(SELF, 7_000)),
                new Sent(OTHER, new ReplicationMessage.ConfigsChanged(SELF, 7_000))), sent);
    }

    @Test
    void aChangeAfterTheSenderRanIsSentAgain() {
        sender.serviceChanged(new StoredServiceChanged(ORDERS));
        queued.remove(0).run();
        sender.serviceChanged(new StoredServiceChanged(ORDERS));
        queued.remove(0).run();

        assertEquals(4, sent.size());
    }

    @Test
    void aStandaloneNodeSendsNothing() {
        sender.worker = null;

        sender.serviceChanged(new StoredServiceChanged(ORDERS));
        sender.namespacesChanged(new StoredNamespacesChanged());

        assertEquals(List.of(), queued);
        assertEquals(List.of(), sent);
    }
}
