package io.jacos.replication;

import io.jacos.model.NodeId;
import io.jacos.registry.client.ClientSnapshot;
import io.jacos.replication.ReplicaBook.Decision;
import io.jacos.replication.ReplicationMessage.ClientCopy;
import io.jacos.replication.ReplicationMessage.StoreChanged;
import io.jacos.replication.ReplicationMessage.SyncRequest;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.jacos.replication.PeerMessages.ORDERS;
import static io.jacos.replication.PeerMessages.OTHER;
import static io.jacos.replication.PeerMessages.PEER;
import static io.jacos.replication.PeerMessages.SELF;
import static io.jacos.replication.PeerMessages.client;
import static io.jacos.replication.PeerMessages.copy;
import static io.jacos.replication.PeerMessages.digest;
import static io.jacos.replication.PeerMessages.fullSync;
import static io.jacos.replication.PeerMessages.gone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every message passes one fence: sent by its owner, a peer in the view, in the owner's newest epoch. */
class ReplicaBookFencingTest {

    private final ReplicaBook book = new ReplicaBook(SELF, new SteppedClock(1_000), 30_000);

    ReplicaBookFencingTest() {
        book.viewChanged(List.of(SELF, PEER, OTHER));
    }

    @Test
    void copyRelayedByAnotherNodeThanItsOwnerIsIgnored() {
        assertEquals(Decision.IGNORE, book.onCopy(OTHER, copy(PEER, 100, 1, "a")));
        assertFalse(book.holds(client("a")));
    }

    @Test
    void messagesFromANodeOutsideTheViewAreIgnored() {
        NodeId stranger = new NodeId("10.0.0.9", 8848);

        assertEquals(Decision.IGNORE, book.onCopy(stranger, copy(stranger, 100, 1, "a")));
        assertEquals(SyncPlan.NOTHING, book.onFullSync(stranger, fullSync(stranger, 100, copy(stranger, 100, 1, "a"))));
        assertEquals(DigestPlan.NOTHING, book.onDigest(stranger, digest(stranger, 100, "a", 1L)));
        assertFalse(book.admitsNotice(stranger, new SyncRequest(stranger, 100, 1)));
        assertEquals(0, book.size());
        assertTrue(book.report(stranger).isEmpty());
    }

    @Test
    void messagesClaimingToComeFromThisNodeAreIgnored() {
        assertEquals(Decision.IGNORE, book.onCopy(SELF, copy(SELF, 100, 1, "a")));
        assertFalse(book.admitsNotice(SELF, new SyncRequest(SELF, 100, 1)));
        assertEquals(0, book.size());
    }

    @Test
    void aStoreChangeIsReadOnlyFromItsOwnerInTheViewInItsCurrentEpoch() {
        NodeId stranger = new NodeId("10.0.0.9", 8848);

        assertTrue(book.admitsNotice(PEER, new StoreChanged(PEER, 100, ORDERS)));
        assertTrue(book.admitsNotice(PEER, StoreChanged.namespaces(PEER, 100)));
        assertTrue(book.admitsNotice(PEER, new StoreChanged(PEER, 100, ORDERS)), "again: the re-read is idempotent");
        assertFalse(book.admitsNotice(OTHER, new StoreChanged(PEER, 100, ORDERS)), "relayed");
        assertFalse(book.admitsNotice(stranger, new StoreChanged(stranger, 100, ORDERS)), "outside the view");
        assertFalse(book.admitsNotice(SELF, new StoreChanged(SELF, 100, ORDERS)), "from this node");
        assertTrue(book.admitsNotice(PEER, new StoreChanged(PEER, 101, ORDERS)), "restarted");
        assertFalse(book.admitsNotice(PEER, new StoreChanged(PEER, 100, ORDERS)), "its older incarnation");
    }

    @Test
    void aConfigurationChangeNoticeIsTakenOnlyFromItsOwnerInTheViewInItsCurrentEpoch() {
        assertTrue(book.admitsNotice(PEER, new ReplicationMessage.ConfigsChanged(PEER, 100)));
        assertFalse(book.admitsNotice(OTHER, new ReplicationMessage.ConfigsChanged(PEER, 100)), "relayed");
        assertFalse(book.admitsNotice(SELF, new ReplicationMessage.ConfigsChanged(SELF, 100)), "from this node");
        assertTrue(book.admitsNotice(PEER, new ReplicationMessage.ConfigsChanged(PEER, 101)), "restarted");
        assertFalse(book.admitsNotice(PEER, new ReplicationMessage.ConfigsChanged(PEER, 100)), "older");
    }

    @Test
    void messagesOfAnOwnersOlderEpochAreIgnored() {
        book.onCopy(PEER, copy(PEER, 200, 1, "a"));

        assertEquals(Decision.IGNORE, book.onCopy(PEER, copy(PEER, 100, 9, "b")));
        assertEquals(Decision.IGNORE, book.onGone(PEER, gone(PEER, 100, 9, "a")));
        assertEquals(SyncPlan.NOTHING, book.onFullSync(PEER, fullSync(PEER, 100)));
        assertEquals(DigestPlan.NOTHING, book.onDigest(PEER, digest(PEER, 100)));
        assertFalse(book.admitsNotice(PEER, new SyncRequest(PEER, 100, 1)));
        assertTrue(book.holds(client("a")));
        assertFalse(book.holds(client("b")));
        assertEquals(200, book.report(PEER).orElseThrow().epoch());
    }

    @Test
    void aCopyWhoseSnapshotNamesAnotherOwnerIsIgnored() {
        ClientSnapshot othersClient = PeerMessages.snapshot(OTHER, "a");

        assertEquals(Decision.IGNORE, book.onCopy(PEER, new ClientCopy(PEER, 100, 1, othersClient)));
        assertFalse(book.holds(client("a")));
    }

    @Test
    void aSyncRequestFromAPeerInTheViewIsAnswered() {
        assertTrue(book.admitsNotice(PEER, new SyncRequest(PEER, 100, 1)));
    }

    @Test
    void aFullSyncEntryOfAnotherOwnerOrEpochIsNotApplied() {
        SyncPlan plan = book.onFullSync(PEER, new ReplicationMessage.FullSync(PEER, 100,
                List.of(copy(OTHER, 100, 1, "a"), copy(PEER, 99, 1, "b"), copy(PEER, 100, 1, "c")), 3));

        assertEquals(List.of(copy(PEER, 100, 1, "c")), plan.apply());
        assertEquals(1, book.size());
    }
}
