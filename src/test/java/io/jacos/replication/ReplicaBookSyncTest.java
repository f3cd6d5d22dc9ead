package io.jacos.replication;

import io.jacos.cluster.NodeReports.NodeReport;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static io.jacos.replication.PeerMessages.OTHER;
import static io.jacos.replication.PeerMessages.PEER;
import static io.jacos.replication.PeerMessages.SELF;
import static io.jacos.replication.PeerMessages.client;
import static io.jacos.replication.PeerMessages.copy;
import static io.jacos.replication.PeerMessages.digest;
import static io.jacos.replication.PeerMessages.fullSync;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Full syncs and digests repair what single messages missed, and tell readiness which peers are synced. */
class ReplicaBookSyncTest {

    private final SteppedClock clock = new SteppedClock(1_000);
    private final ReplicaBook book = new ReplicaBook(SELF, clock, 30_000);

    ReplicaBookSyncTest() {
        book.viewChanged(List.of(SELF, PEER, OTHER));
    }

    @Test
    void aFullSyncAppliesWhatIsNewerAndRemovesTheEpochsCopiesItDoesNotList() {
        book.onCopy(PEER, copy(PEER, 100, 5, "kept"));
        book.onCopy(PEER, copy(PEER, 100, 1, "stale"));
        book.onCopy(PEER, copy(PEER, 100, 1, "dropped"));
        book.onCopy(OTHER, copy(OTHER, 300, 1, "others"));

        SyncPlan plan = book.onFullSync(PEER, fullSync(PEER, 100,
                copy(PEER, 100, 5, "kept"), copy(PEER, 100, 2, "stale"), copy(PEER, 100, 1, "added")));

        assertEquals(List.of(copy(PEER, 100, 2, "stale"), copy(PEER, 100, 1, "added")), plan.apply());
        assertEquals(List.of(client("dropped")), plan.remove());
        assertFalse(book.holds(client("dropped")));
        assertTrue(book.holds(client("others")));
        assertEquals(4, book.size());
    }

    @Test
    void aDigestRemovesTheCopiesItDoesNotList() {
        book.onFullSync(PEER, fullSync(PEER, 100, copy(PEER, 100, 1, "a"), copy(PEER, 100, 1, "b")));

        DigestPlan plan = book.onDigest(PEER, digest(PEER, 100, "a", 1L));

        assertEquals(new DigestPlan(List.of(client("b")), false), plan);
        assertFalse(book.holds(client("b")));
    }

    @Test
    void aDigestListingAClientMissingHereAsksForAFullSync() {
        book.onFullSync(PEER, fullSync(PEER, 100, copy(PEER, 100, 1, "a")));

        assertTrue(book.onDigest(PEER, digest(PEER, 100, "a", 1L, "lost", 1L)).needsFullSync());
    }

    @Test
    void aDigestListingANewerRevisionThanHeldAsksForAFullSync() {
        book.onFullSync(PEER, fullSync(PEER, 100, copy(PEER, 100, 1, "a")));

        assertTrue(book.onDigest(PEER, digest(PEER, 100, "a", 2L)).needsFullSync());
    }

    @Test
    void aDigestBeforeAnyFullSyncOfTheEpochAsksForOne() {
        book.onCopy(PEER, copy(PEER, 100, 1, "a"));

        assertTrue(book.onDigest(PEER, digest(PEER, 100, "a", 1L)).needsFullSync());
    }

    @Test
    void peersAreUnsyncedUntilTheirFullSyncOfTheCurrentEpochArrives() {
        assertEquals(Set.of(PEER, OTHER), book.peers().unsynced());
        assertTrue(book.peers().synced(SELF));

        book.onFullSync(PEER, fullSync(PEER, 100));
        assertEquals(Set.of(OTHER), book.peers().unsynced());
        assertTrue(book.peers().synced(PEER));

        book.onCopy(PEER, copy(PEER, 200, 1, "a"));
        assertEquals(Set.of(PEER, OTHER), book.peers().unsynced(), "a restarted peer owes its new epoch's full sync");

        book.viewChanged(List.of(SELF, PEER));
        book.onFullSync(PEER, fullSync(PEER, 200));
        assertEquals(Set.of(), book.peers().unsynced());
    }

    @Test
    void theReportSaysWhatWasLastHeardOfAPeer() {
        book.onFullSync(PEER, fullSync(PEER, 100, copy(PEER, 100, 1, "a"), copy(PEER, 100, 1, "b")));
        clock.advance(5_000);

        book.onDigest(PEER, new ReplicationMessage.Digest(PEER, 100, Map.of(client("a"), 1L, client("b"), 1L), 7));

        assertEquals(Optional.of(new NodeReport(100, 7, 2, true, 6_000)), book.report(PEER));
        assertEquals(Optional.empty(), book.report(OTHER));
        assertEquals(Optional.empty(), book.report(SELF));
    }
}
