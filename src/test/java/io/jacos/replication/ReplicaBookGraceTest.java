package io.jacos.replication;

import io.jacos.replication.ReplicaBook.Decision;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.jacos.replication.PeerMessages.OTHER;
import static io.jacos.replication.PeerMessages.PEER;
import static io.jacos.replication.PeerMessages.SELF;
import static io.jacos.replication.PeerMessages.client;
import static io.jacos.replication.PeerMessages.copy;
import static io.jacos.replication.PeerMessages.fullSync;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Copies of an owner that left the view or restarted outlive it by a grace period, so its clients can reconnect
 * elsewhere before their instances vanish; an owner that comes back in the same epoch keeps its copies.
 */
class ReplicaBookGraceTest {

    private static final long GRACE = 30_000;

    private final SteppedClock clock = new SteppedClock(1_000);
    private final ReplicaBook book = new ReplicaBook(SELF, clock, GRACE);

    ReplicaBookGraceTest() {
        book.viewChanged(List.of(SELF, PEER, OTHER));
        book.onCopy(PEER, copy(PEER, 100, 1, "a"));
        book.onCopy(OTHER, copy(OTHER, 300, 1, "b"));
    }

    @Test
    void copiesOfAnOwnerThatLeftTheViewExpireAfterTheGraceAndNotBefore() {
        assertFalse(book.holdsDepartedCopies());
        book.viewChanged(List.of(SELF, OTHER));

        clock.advance(GRACE - 1);
        assertEquals(List.of(), book.expired());
        assertTrue(book.holds(client("a")));
        assertTrue(book.holdsDepartedCopies(), "the cluster is not whole while they wait");

        clock.advance(1);
        assertEquals(List.of(client("a")), book.expired());
        assertFalse(book.holdsDepartedCopies());
        assertEquals(1, book.size());
        assertTrue(book.report(PEER).isEmpty(), "an owner out of the view with no copies is forgotten");
    }

    @Test
    void anotherViewWithoutTheOwnerDoesNotPostponeTheExpiry() {
        book.viewChanged(List.of(SELF, OTHER));
        clock.advance(GRACE / 2);
        book.viewChanged(List.of(SELF));
        clock.advance(GRACE / 2);

        assertEquals(List.of(client("a")), book.expired());
    }

    @Test
    void anOwnerBackInTheViewInTheSameEpochKeepsItsCopies() {
        book.viewChanged(List.of(SELF, OTHER));
        clock.advance(GRACE - 1);
        book.viewChanged(List.of(SELF, PEER, OTHER));

        clock.advance(GRACE);
        assertEquals(List.of(), book.expired());
        assertEquals(2, book.size());
    }

    @Test
    void copiesOfARestartedOwnersOldEpochExpireAfterTheGraceAndNotBefore() {
        book.onCopy(PEER, copy(PEER, 100, 1, "old-2"));
        book.viewChanged(List.of(SELF, OTHER));
        book.viewChanged(List.of(SELF, PEER, OTHER));

        assertEquals(Decision.APPLY, book.onCopy(PEER, copy(PEER, 200, 1, "new")));

        clock.advance(GRACE - 1);
        assertEquals(List.of(), book.expired());
        clock.advance(1);
        assertEquals(Set.of(client("a"), client("old-2")), Set.copyOf(book.expired()));
        assertTrue(book.holds(client("new")));
        assertTrue(book.holds(client("b")));
    }

    @Test
    void anOldEpochsCopyStaysUnderGraceWhenTheOwnerReturnsOrLeavesAgain() {
        book.onCopy(PEER, copy(PEER, 200, 1, "new"));
        clock.advance(GRACE / 2);
        book.viewChanged(List.of(SELF, OTHER));
        book.viewChanged(List.of(SELF, PEER, OTHER));

        clock.advance(GRACE / 2);
        assertEquals(List.of(client("a")), book.expired());
        assertTrue(book.holds(client("new")));
    }

    @Test
    void aClientRegisteredAgainUnderTheRestartedOwnerLosesItsDeadline() {
        book.onCopy(PEER, copy(PEER, 200, 1, "new"));

        book.onCopy(PEER, copy(PEER, 200, 2, "a"));

        clock.advance(GRACE);
        assertEquals(List.of(), book.expired());
        assertTrue(book.holds(client("a")));
    }

    @Test
    void aFullSyncOfTheNewEpochLeavesTheOldEpochsCopiesToTheirGrace() {
        SyncPlan plan = book.onFullSync(PEER, fullSync(PEER, 200, copy(PEER, 200, 1, "new")));

        assertEquals(List.of(), plan.remove());
        assertTrue(book.holds(client("a")));
        clock.advance(GRACE);
        assertEquals(List.of(client("a")), book.expired());
    }
}
