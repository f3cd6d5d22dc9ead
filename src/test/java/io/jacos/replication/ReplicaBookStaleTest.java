package io.jacos.replication;

import io.jacos.replication.ReplicationMessage.FullSync;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.jacos.replication.PeerMessages.OTHER;
import static io.jacos.replication.PeerMessages.PEER;
import static io.jacos.replication.PeerMessages.SELF;
import static io.jacos.replication.PeerMessages.client;
import static io.jacos.replication.PeerMessages.copy;
import static io.jacos.replication.PeerMessages.gone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Messages that arrive late, after a frozen node thaws or a split heals, are older than what their owner holds:
 * a full sync's revision fences what it already covers, and after a merge, a pause or a silence only the answer to a
 * full sync request made since is believed.
 */
class ReplicaBookStaleTest {

    private final SteppedClock clock = new SteppedClock(1_000);
    private final ReplicaBook book = new ReplicaBook(SELF, clock, 30_000);

    ReplicaBookStaleTest() {
        book.viewChanged(List.of(SELF, PEER, OTHER));
    }

    private static FullSync sync(long asOf, ReplicationMessage.ClientCopy... copies) {
        return new FullSync(PEER, 100, List.of(copies), copies.length, false, asOf);
    }

    /** The sync as PEER's answer to the request {@code book} makes now. */
    private static FullSync asked(ReplicaBook book, FullSync sync) {
        return sync.answering(book.peers().nextRequest(PEER));
    }

    @Test
    void aCopyMadeBeforeTheLastFullSyncIsRefused() {
        book.onFullSync(PEER, sync(7));

        assertEquals(ReplicaBook.Decision.IGNORE, book.onCopy(PEER, copy(PEER, 100, 6, "late")));
        assertFalse(book.holds(client("late")));
        assertEquals(ReplicaBook.Decision.APPLY, book.onCopy(PEER, copy(PEER, 100, 8, "new")));
    }

    @Test
    void aGoneMadeBeforeTheLastFullSyncLeavesTheCopyItListed() {
        book.onFullSync(PEER, sync(9, copy(PEER, 100, 9, "back")));

        assertEquals(ReplicaBook.Decision.IGNORE, book.onGone(PEER, gone(PEER, 100, 5, "back")));
        assertTrue(book.holds(client("back")));
    }

    @Test
    void aFullSyncOlderThanTheLastIsRefusedWhole() {
        book.onFullSync(PEER, sync(9, copy(PEER, 100, 9, "now")));

        assertEquals(SyncPlan.NOTHING, book.onFullSync(PEER, sync(4, copy(PEER, 100, 3, "then"))));
        assertTrue(book.holds(client("now")));
        assertFalse(book.holds(client("then")));
    }

    @Test
    void aDigestOlderThanTheLastFullSyncRemovesNothing() {
        book.onFullSync(PEER, sync(9, copy(PEER, 100, 9, "now")));

        DigestPlan plan = book.onDigest(PEER, new ReplicationMessage.Digest(PEER, 100, Map.of(), 0, false, 8));

        assertEquals(DigestPlan.NOTHING, plan);
        assertTrue(book.holds(client("now")));
    }

    @Test
    void whileAFullSyncIsAwaitedSingleMessagesAreRefusedAndADigestOnlyAsksForIt() {
        book.onFullSync(PEER, sync(2, copy(PEER, 100, 2, "held")));
        book.peers().awaitFullSyncs(List.of(PEER));

        assertEquals(ReplicaBook.Decision.IGNORE, book.onCopy(PEER, copy(PEER, 100, 5, "inflight")));
        assertEquals(ReplicaBook.Decision.IGNORE, book.onGone(PEER, gone(PEER, 100, 6, "held")));
        DigestPlan plan = book.onDigest(PEER, new ReplicationMessage.Digest(PEER, 100, Map.of(), 0, false, 6));

        assertEquals(new DigestPlan(List.of(), true), plan);
        assertTrue(book.holds(client("held")));
        assertFalse(book.holds(client("inflight")));
    }

    @Test
    void aPeerWhoseFullSyncIsAwaitedIsReportedUnsyncedUntilItComes() {
        book.onFullSync(PEER, sync(2));
        book.peers().awaitFullSyncs(List.of(PEER));
        book.onDigest(PEER, new ReplicationMessage.Digest(PEER, 100, Map.of(), 40, false, 3));

        assertFalse(book.report(PEER).orElseThrow().synced());
        book.onFullSync(PEER, asked(book, sync(4)));
        assertTrue(book.report(PEER).orElseThrow().synced());
    }

    @Test
    void theAwaitedFullSyncIsBelievedAndSingleMessagesAfterItApplyAgain() {
        book.onFullSync(PEER, sync(2, copy(PEER, 100, 2, "held")));
        book.peers().awaitFullSyncs(List.of(PEER));

        SyncPlan plan = book.onFullSync(PEER, asked(book, sync(10, copy(PEER, 100, 10, "current"))));

        assertEquals(List.of(client("held")), plan.remove());
        assertEquals(ReplicaBook.Decision.APPLY, book.onCopy(PEER, copy(PEER, 100, 11, "after")));
    }

    @Test
    void aPeerForgottenDuringASplitIsAwaitedAfterTheMergeLikeOneRemembered() {
        book.onFullSync(PEER, sync(2, copy(PEER, 100, 2, "before")));
        book.viewChanged(List.of(SELF, OTHER));
        clock.advance(30_000);
        assertEquals(List.of(client("before")), book.expired());
        assertTrue(book.report(PEER).isEmpty(), "the split outlasted the grace: nothing is known of the peer");

        book.viewChanged(List.of(SELF, PEER, OTHER));
        book.peers().awaitFullSyncs(List.of(PEER));

        assertEquals(SyncPlan.ASK_AGAIN, book.onFullSync(PEER, sync(5, copy(PEER, 100, 5, "unasked"))));
        assertEquals(ReplicaBook.Decision.IGNORE, book.onCopy(PEER, copy(PEER, 100, 6, "inflight")));
        assertFalse(book.holds(client("unasked")));
        assertFalse(book.holds(client("inflight")));
        assertTrue(book.peers().requestDue(PEER));
        book.onFullSync(PEER, asked(book, sync(9, copy(PEER, 100, 9, "current"))));
        assertTrue(book.holds(client("current")));
        assertEquals(ReplicaBook.Decision.APPLY, book.onCopy(PEER, copy(PEER, 100, 10, "after")));
    }

    @Test
    void anotherOwnersMessagesAreNotHeldBackByOnesAwaitedSync() {
        book.peers().awaitFullSyncs(List.of(PEER));

        assertEquals(ReplicaBook.Decision.APPLY, book.onCopy(OTHER, copy(OTHER, 300, 1, "theirs")));
    }

    @Test
    void aMessageAfterTheOwnerWasSilentTooLongIsDoubtedUntilItsNextFullSync() {
        ReplicaBook doubting = new ReplicaBook(SELF, clock, 30_000, 10_000);
        doubting.viewChanged(List.of(SELF, PEER, OTHER));
        doubting.onFullSync(PEER, sync(1, copy(PEER, 100, 1, "held")));
        clock.advance(9_000);
        assertEquals(ReplicaBook.Decision.APPLY, doubting.onCopy(PEER, copy(PEER, 100, 2, "recent")));

        clock.advance(10_001);
        assertEquals(ReplicaBook.Decision.IGNORE, doubting.onCopy(PEER, copy(PEER, 100, 3, "late")),
                "sent before a cut that long, perhaps before the owner dropped this node");
        assertTrue(doubting.peers().awaitsFullSync(PEER));
        assertFalse(doubting.holds(client("late")));

        doubting.onFullSync(PEER, asked(doubting, sync(5, copy(PEER, 100, 5, "current"))));
        assertFalse(doubting.peers().awaitsFullSync(PEER));
        assertEquals(ReplicaBook.Decision.APPLY, doubting.onCopy(PEER, copy(PEER, 100, 6, "next")));
    }

    /** What this node says to its peers (it takes no moved connections) while its copies of a peer may be behind. */
    @Test
    void aPeerSilentTooLongOrUnsyncedIsDoubtedUntilItsFullSyncComes() {
        ReplicaBook doubting = new ReplicaBook(SELF, clock, 30_000, 10_000);
        doubting.viewChanged(List.of(SELF, PEER));
        assertTrue(doubting.peers().doubtsAPeer(), "no full snapshot of PEER yet");
        doubting.onFullSync(PEER, sync(1, copy(PEER, 100, 1, "held")));
        assertFalse(doubting.peers().doubtsAPeer());

        clock.advance(10_001);
        assertTrue(doubting.peers().doubtsAPeer(), "silent: a cut this node's view does not show");
        doubting.onCopy(PEER, copy(PEER, 100, 2, "late"));
        assertTrue(doubting.peers().doubtsAPeer(), "heard again, but its full snapshot is awaited");

        doubting.onFullSync(PEER, asked(doubting, sync(3, copy(PEER, 100, 3, "current"))));
        assertFalse(doubting.peers().doubtsAPeer());
    }

    @Test
    void whileAFullSyncIsAwaitedOneSentUnaskedOrAnsweringAnEarlierRequestIsRefused() {
        book.onFullSync(PEER, sync(2, copy(PEER, 100, 2, "held")));
        FullSync answerInFlight = sync(3, copy(PEER, 100, 3, "held")).answering(book.peers().nextRequest(PEER));
        book.peers().awaitFullSyncs(List.of(PEER));
        assertTrue(book.peers().requestDue(PEER), "no request made yet would be believed");

        assertEquals(SyncPlan.ASK_AGAIN, book.onFullSync(PEER, sync(4, copy(PEER, 100, 4, "unasked"))),
                "PEER sent it as this node entered its view: the request may have come before, and been dropped");
        assertEquals(SyncPlan.NOTHING, book.onFullSync(PEER, sync(4, copy(PEER, 100, 4, "unasked"))),
                "asked again once already in this wait");
        assertEquals(SyncPlan.NOTHING, book.onFullSync(PEER, answerInFlight));
        assertTrue(book.peers().awaitsFullSync(PEER));
        assertFalse(book.holds(client("unasked")));

        FullSync answer = asked(book, sync(5, copy(PEER, 100, 5, "current")));
        assertFalse(book.peers().requestDue(PEER), "asked: now the usual interval between requests applies");
        assertEquals(List.of(client("held")), book.onFullSync(PEER, answer).remove());
        assertFalse(book.peers().awaitsFullSync(PEER));
        assertTrue(book.holds(client("current")));
    }

    @Test
    void theSilenceOfACutDoesNotRefuseTheAnswerToARequestMadeAtTheMerge() {
        ReplicaBook doubting = new ReplicaBook(SELF, clock, 30_000, 10_000);
        doubting.viewChanged(List.of(SELF, PEER));
        doubting.onFullSync(PEER, sync(1, copy(PEER, 100, 1, "held")));
        clock.advance(30_000);
        doubting.peers().awaitFullSyncs(List.of(PEER));
        FullSync answer = asked(doubting, sync(5, copy(PEER, 100, 5, "current")));

        assertEquals(List.of(client("held")), doubting.onFullSync(PEER, answer).remove(),
                "the first message after the silence, but the answer to a request made after the doubt began");
        assertFalse(doubting.peers().awaitsFullSync(PEER));
    }

    @Test
    void aFullSyncThatEndsASilenceIsDoubtedLikeAnyMessage() {
        ReplicaBook doubting = new ReplicaBook(SELF, clock, 30_000, 10_000);
        doubting.viewChanged(List.of(SELF, PEER));
        doubting.onFullSync(PEER, sync(1, copy(PEER, 100, 1, "held")));
        FullSync answerInFlight = asked(doubting, sync(2, copy(PEER, 100, 2, "before the cut")));
        clock.advance(10_001);

        assertEquals(SyncPlan.NOTHING, doubting.onFullSync(PEER, answerInFlight));
        assertTrue(doubting.peers().requestDue(PEER));
        doubting.onFullSync(PEER, asked(doubting, sync(3, copy(PEER, 100, 3, "current"))));
        assertTrue(doubting.holds(client("current")));
    }

    @Test
    void aRestartedOwnerStartsWithoutTheFenceOfItsPreviousLife() {
        book.onFullSync(PEER, sync(50));

        assertEquals(ReplicaBook.Decision.APPLY, book.onCopy(PEER, copy(PEER, 200, 1, "reborn")));
    }
}
