package io.jacos.replication;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the messages dropped because their sender is outside the view, since the last view change, and says
 * which of them to log: the 1st, 2nd, 4th, 8th... While views disagree a dropped node sends its digests and
 * copies here many times a second; one line each would bury the rest of the log.
 */
final class OutsideViewDrops {

    private final AtomicLong sinceViewChange = new AtomicLong();

    /** Counts one drop; returns its number since the last view change, or 0 when that one needs no line. */
    long dropped() {
        long count = sinceViewChange.incrementAndGet();
        return Long.bitCount(count) == 1 ? count : 0;
    }

    /** A new view: what is outside it now is a new story, whose first drop is logged. */
    void viewChanged() {
        sinceViewChange.set(0);
    }
}
