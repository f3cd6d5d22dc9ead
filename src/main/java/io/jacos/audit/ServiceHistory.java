package io.jacos.audit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The last entries of one service, oldest dropped first. Thread-safe: writers are the registry's callers. Once
 * retired (dropped from the history by a bound) it takes no more entries, so its count leaves the total once.
 */
final class ServiceHistory {

    private final int capacity;
    private final ArrayDeque<HistoryEntry> entries;
    private volatile long lastChangeMillis;
    private boolean retired;

    ServiceHistory(int capacity) {
        this.capacity = capacity;
        this.entries = new ArrayDeque<>(Math.min(capacity, 16));
    }

    /** Appends; returns how many entries the history grew by, or -1 (nothing added) once it is retired. */
    synchronized int add(List<HistoryEntry> added, long now) {
        if (retired) {
            return -1;
        }
        int before = entries.size();
        for (HistoryEntry entry : added) {
            if (entries.size() == capacity) {
                entries.removeFirst();
            }
            entries.addLast(entry);
        }
        lastChangeMillis = now;
        return entries.size() - before;
    }

    /** Takes no more entries from now on; returns how many it holds. */
    synchronized int retire() {
        retired = true;
        return entries.size();
    }

    /** Newest first. */
    synchronized List<HistoryEntry> newest(int limit) {
        List<HistoryEntry> newest = new ArrayList<>(Math.min(limit, entries.size()));
        Iterator<HistoryEntry> backwards = entries.descendingIterator();
        while (backwards.hasNext() && newest.size() < limit) {
            newest.add(backwards.next());
        }
        return newest;
    }

    long lastChangeMillis() {
        return lastChangeMillis;
    }
}
