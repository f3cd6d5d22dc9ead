package io.jacos.audit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** The last entries of one service, oldest dropped first. Thread-safe: writers are the registry's callers. */
final class ServiceHistory {

    private final int capacity;
    private final ArrayDeque<HistoryEntry> entries;
    private volatile long lastChangeMillis;

    ServiceHistory(int capacity) {
        this.capacity = capacity;
        this.entries = new ArrayDeque<>(Math.min(capacity, 16));
    }

    synchronized void add(List<HistoryEntry> added, long now) {
        for (HistoryEntry entry : added) {
            if (entries.size() == capacity) {
                entries.removeFirst();
            }
            entries.addLast(entry);
        }
        lastChangeMillis = now;
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
