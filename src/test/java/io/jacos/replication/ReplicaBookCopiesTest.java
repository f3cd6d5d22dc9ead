package io.jacos.replication;

import io.jacos.replication.ReplicaBook.Decision;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static io.jacos.replication.PeerMessages.OTHER;
import static io.jacos.replication.PeerMessages.PEER;
import static io.jacos.replication.PeerMessages.SELF;
import static io.jacos.replication.PeerMessages.client;
import static io.jacos.replication.PeerMessages.copy;
import static io.jacos.replication.PeerMessages.gone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which copies and removals of an admitted owner apply: the newest revision of the newest epoch wins. */
class ReplicaBookCopiesTest {

    private final ReplicaBook book = new ReplicaBook(SELF, new SteppedClock(1_000), 30_000);

    ReplicaBookCopiesTest() {
        book.viewChanged(List.of(SELF, PEER, OTHER));
    }

    @Test
    void aNewClientIsAppliedAndHeldForItsOwner() {
        assertEquals(Decision.APPLY, book.onCopy(PEER, copy(PEER, 100, 1, "a")));
        assertTrue(book.holds(client("a")));
        assertEquals(Optional.of(PEER), book.ownerOf(client("a")));
        assertEquals(1, book.size());
    }

    @Test
    void aNewerRevisionAppliesAndAnOlderOrEqualOneIsIgnored() {
        book.onCopy(PEER, copy(PEER, 100, 5, "a"));

        assertEquals(Decision.IGNORE, book.onCopy(PEER, copy(PEER, 100, 4, "a")));
        assertEquals(Decision.IGNORE, book.onCopy(PEER, copy(PEER, 100, 5, "a")));
        assertEquals(Decision.APPLY, book.onCopy(PEER, copy(PEER, 100, 6, "a")));
        assertEquals(Decision.IGNORE, book.onCopy(PEER, copy(PEER, 100, 5, "a")));
    }

    @Test
    void aCopyFromTheOwnersNewerEpochAppliesWhateverItsRevision() {
        book.onCopy(PEER, copy(PEER, 100, 50, "a"));

        assertEquals(Decision.APPLY, book.onCopy(PEER, copy(PEER, 200, 1, "a")));
        assertEquals(Decision.IGNORE, book.onCopy(PEER, copy(PEER, 200, 1, "a")));
    }

    @Test
    void aClientThatMovedToAnotherOwnerIsTakenFromTheNewOwner() {
        book.onCopy(PEER, copy(PEER, 100, 50, "a"));

        assertEquals(Decision.APPLY, book.onCopy(OTHER, copy(OTHER, 300, 1, "a")));
        assertEquals(Optional.of(OTHER), book.ownerOf(client("a")));
    }

    @Test
    void goneAtTheHeldRevisionOrLaterRemovesTheCopy() {
        book.onCopy(PEER, copy(PEER, 100, 5, "a"));
        book.onCopy(PEER, copy(PEER, 100, 5, "b"));

        assertEquals(Decision.REMOVE, book.onGone(PEER, gone(PEER, 100, 5, "a")));
        assertEquals(Decision.REMOVE, book.onGone(PEER, gone(PEER, 100, 6, "b")));
        assertEquals(0, book.size());
    }

    @Test
    void goneOlderThanTheHeldRevisionIsIgnored() {
        book.onCopy(PEER, copy(PEER, 100, 5, "a"));

        assertEquals(Decision.IGNORE, book.onGone(PEER, gone(PEER, 100, 4, "a")));
        assertTrue(book.holds(client("a")));
    }

    @Test
    void goneFromAnotherOwnerThanTheHoldersIsIgnored() {
        book.onCopy(PEER, copy(PEER, 100, 5, "a"));

        assertEquals(Decision.IGNORE, book.onGone(OTHER, gone(OTHER, 300, 9, "a")));
        assertEquals(Optional.of(PEER), book.ownerOf(client("a")));
    }

    @Test
    void goneOfAClientNotHeldIsIgnored() {
        assertEquals(Decision.IGNORE, book.onGone(PEER, gone(PEER, 100, 1, "a")));
    }

    @Test
    void goneFromTheOwnersNewEpochRemovesItsOlderIncarnationsCopyWhateverTheRevision() {
        book.onCopy(PEER, copy(PEER, 100, 50, "a"));

        assertEquals(Decision.REMOVE, book.onGone(PEER, gone(PEER, 200, 1, "a")));
        assertFalse(book.holds(client("a")));
    }

    @Test
    void anAdoptedClientIsForgotten() {
        book.onCopy(PEER, copy(PEER, 100, 5, "a"));

        book.forget(client("a"));

        assertFalse(book.holds(client("a")));
        assertEquals(Optional.empty(), book.ownerOf(client("a")));
        assertEquals(Decision.IGNORE, book.onGone(PEER, gone(PEER, 100, 5, "a")));
    }
}
