package io.jacos.replication;

import io.jacos.event.EndpointWithdrawn;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.NodeId;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;
import io.jacos.registry.client.ClientSnapshot;
import io.jacos.replication.ReplicationMessage.ClientCopy;
import io.jacos.replication.ReplicationMessage.ClientGone;
import io.jacos.replication.ReplicationMessage.Digest;
import io.jacos.replication.ReplicationMessage.FullSync;
import io.jacos.replication.ReplicationMessage.StoreChanged;
import io.jacos.replication.ReplicationMessage.SyncRequest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static io.jacos.replication.PeerMessages.PEER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every message decodes to what was encoded, except a snapshot's subscriptions, which stay home. */
class ReplicationCodecTest {

    private static final NodeId UNICODE_NODE = new NodeId("nœud-東京.example", 65535);

    private final ReplicationCodec codec = new ReplicationCodec();

    @Test
    void aClientCopyWithUnicodeNamesAndMetadataSurvivesTheWire() {
        assertRoundTrip(new ClientCopy(UNICODE_NODE, Long.MIN_VALUE, Long.MAX_VALUE, richSnapshot(UNICODE_NODE)));
    }

    @Test
    void aClientCopyPublishingNothingSurvivesTheWire() {
        ClientSnapshot idle = new ClientSnapshot(new ClientId("10.1.1.1:80#true"), ClientKind.IP_PORT,
                PEER.address(), Map.of(), Map.of());
        assertRoundTrip(new ClientCopy(PEER, 0, 0, idle));
    }

    @Test
    void metadataLargerThanWriteUtfAllowsSurvivesTheWire() {
        String big = "ü".repeat(70_000);
        Instance instance = new Instance("id", "10.0.0.5", 8080, 1, true, true, true, "DEFAULT", Map.of("big", big));
        ClientSnapshot snapshot = new ClientSnapshot(new ClientId("c"), ClientKind.CONNECTION, PEER.address(),
                Map.of(new ServiceKey("public", "G", "s"), List.of(instance)), Map.of());
        assertRoundTrip(new ClientCopy(PEER, 1, 1, snapshot));
    }

    @Test
    void subscriptionsAreNotSent() {
        ServiceKey watched = new ServiceKey("public", "G", "watched");
        ClientSnapshot subscriber = new ClientSnapshot(new ClientId("c"), ClientKind.CONNECTION, PEER.address(),
                Map.of(), Map.of(watched, new Subscription(watched, "")));

        ClientCopy decoded = (ClientCopy) codec.decode(codec.encode(new ClientCopy(PEER, 1, 1, subscriber)));

        assertEquals(Map.of(), decoded.snapshot().subscriptions());
        assertEquals(subscriber.id(), decoded.snapshot().id());
    }

    @Test
    void relayedCopiesAndRemovalsOfOtherOwnersSurviveTheWire() {
        assertRoundTrip(new ReplicationMessage.Relayed(PEER, 5, List.of(new ClientCopy(UNICODE_NODE, 9, 3,
                richSnapshot(UNICODE_NODE))), List.of(new ClientGone(UNICODE_NODE, 9, 4, new ClientId("连接-2")))));
        assertRoundTrip(new ReplicationMessage.Relayed(PEER, 5, List.of(), List.of()));
        assertRoundTrip(new ReplicationMessage.RelayRequest(PEER, 5, UNICODE_NODE));
    }

    @Test
    void catchUpChecksAndTheirAnswersSurviveTheWire() {
        assertRoundTrip(new ReplicationMessage.CatchUpCheck(UNICODE_NODE, 5, Long.MAX_VALUE));
        assertRoundTrip(new ReplicationMessage.CaughtUp(PEER, 5, 7, true));
        assertRoundTrip(new ReplicationMessage.CaughtUp(PEER, 5, 8, false));
    }

    @Test
    void clientGoneSurvivesTheWire() {
        assertRoundTrip(new ClientGone(UNICODE_NODE, 42, 7, new ClientId("连接-1")));
    }

    @Test
    void digestsFullAndEmptySurviveTheWire() {
        assertRoundTrip(new Digest(UNICODE_NODE, 42, Map.of(new ClientId("a"), 1L, new ClientId("ç"), -3L), 12));
        assertRoundTrip(new Digest(PEER, 42, Map.of(), 0));
        assertRoundTrip(new Digest(PEER, 42, Map.of(), 3, true, 0));
        assertRoundTrip(new Digest(PEER, 42, Map.of(), 3, false, 81));
    }

    @Test
    void fullSyncsFullAndEmptySurviveTheWire() {
        assertRoundTrip(new FullSync(UNICODE_NODE, 9, List.of(new ClientCopy(UNICODE_NODE, 9, 3,
                richSnapshot(UNICODE_NODE)), PeerMessages.copy(UNICODE_NODE, 9, 4, "plain")), 2));
        assertRoundTrip(new FullSync(PEER, 9, List.of(), 0));
        assertRoundTrip(new FullSync(PEER, 9, List.of(), 0, true, 0));
        assertRoundTrip(new FullSync(PEER, 9, List.of(), 0, false, Long.MAX_VALUE));
    }

    @Test
    void syncRequestSurvivesTheWire() {
        assertRoundTrip(new SyncRequest(UNICODE_NODE, 123_456_789L, 42));
        assertRoundTrip(new FullSync(PEER, 9, List.of(), 0, false, 5, Long.MAX_VALUE));
    }

    @Test
    void aWithdrawnAddressSurvivesTheWire() {
        assertRoundTrip(new ReplicationMessage.Withdrawn(UNICODE_NODE, 42, new EndpointWithdrawn(
                new ServiceKey("命名空间", "グループ", "служба"), "fe80::1", 65535, "集群")));
    }

    @Test
    void onlyAWithdrawnOfThisFormatIsHeadedAsOne() {
        byte[] withdrawn = codec.encode(new ReplicationMessage.Withdrawn(PEER, 42, new EndpointWithdrawn(
                new ServiceKey("public", "DEFAULT_GROUP", "s"), "10.0.0.1", 80, "DEFAULT")));
        byte[] otherVersion = withdrawn.clone();
        otherVersion[4]++;
        byte[] otherMagic = withdrawn.clone();
        otherMagic[0]++;

        assertTrue(codec.headedAsWithdrawn(withdrawn));
        assertFalse(codec.headedAsWithdrawn(codec.encode(new SyncRequest(PEER, 42, 1))));
        assertFalse(codec.headedAsWithdrawn(codec.encode(new FullSync(PEER, 9, List.of(), 0))));
        assertFalse(codec.headedAsWithdrawn(otherVersion));
        assertFalse(codec.headedAsWithdrawn(otherMagic));
        assertFalse(codec.headedAsWithdrawn(java.util.Arrays.copyOf(withdrawn, 6)));
        assertFalse(codec.headedAsWithdrawn(null));
    }

    @Test
    void aConfigurationChangeNoticeSurvivesTheWire() {
        assertRoundTrip(new ReplicationMessage.ConfigsChanged(UNICODE_NODE, 42));
    }

    @Test
    void aStoreChangeOfAServiceOrOfTheNamespacesSurvivesTheWire() {
        assertRoundTrip(new StoreChanged(UNICODE_NODE, 42, new ServiceKey("命名空间", "グループ", "служба")));
        assertRoundTrip(StoreChanged.namespaces(PEER, -1));
    }

    @Test
    void aFullSyncOfTwentyThousandInstancesSurvivesTheWire() {
        List<ClientCopy> clients = new ArrayList<>();
        for (int client = 0; client < 2_000; client++) {
            ServiceKey service = new ServiceKey("public", "DEFAULT_GROUP", "service-" + client % 300);
            List<Instance> instances = IntStream.range(0, 10).mapToObj(i -> new Instance("i" + i, "10.2." + i + ".1",
                    8000 + i, 1.5, i % 2 == 0, true, true, "DEFAULT", Map.of("zone", "z" + i, "version", "1.0")))
                    .toList();
            clients.add(new ClientCopy(PEER, 77, client, new ClientSnapshot(new ClientId("conn-" + client),
                    ClientKind.CONNECTION, PEER.address(), Map.of(service, instances), Map.of())));
        }
        FullSync sync = new FullSync(PEER, 77, clients, 2_000);

        assertEquals(20_000, sync.clients().stream().mapToInt(c -> c.snapshot().published().values().stream()
                .mapToInt(List::size).sum()).sum());
        assertRoundTrip(sync);
    }

    private void assertRoundTrip(ReplicationMessage message) {
        assertEquals(message, codec.decode(codec.encode(message)));
    }

    /** Two services, unicode everywhere a string goes, every instance flag both ways, empty and full metadata. */
    static ClientSnapshot richSnapshot(NodeId owner) {
        ServiceKey first = new ServiceKey("命名空间", "グループ", "служба");
        ServiceKey second = new ServiceKey("public", "DEFAULT_GROUP", "emoji-😀");
        Instance full = new Instance("i-1", "fe80::1", 1, 0.25, true, false, true, "集群",
                Map.of("clé", "valeur ✓", "", "empty key"));
        Instance bare = new Instance("i-2", "10.0.0.2", 65535, 0, false, true, false, "DEFAULT", Map.of());
        return new ClientSnapshot(new ClientId("客户端-1"), ClientKind.PERSISTENT, owner.address(),
                Map.of(first, List.of(full, bare), second, List.of()), Map.of());
    }
}
