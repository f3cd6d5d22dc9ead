package io.jacos.transport.udp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The UDP pushes sent and not yet acknowledged, keyed as acks are matched: the subscriber's address and port
 * (where the ack must come from) and the packet's ack token. Bounded by {@code capacity}: the push engine keeps
 * at most one push per (subscriber, service) on its way, but subscribers are many and may never answer.
 * <p>
 * Entries are immutable and every state change is one atomic map operation, so an ack that races the timeout
 * sweep ends the push exactly once: whoever removes (or replaces) the entry owns it.
 */
final class PendingAcks {

    record Key(InetAddress address, int port, long token) {
    }

    /** One push awaiting its ack; {@code packet} is kept to send the very same bytes again. */
    record Entry(Key key, InetSocketAddress target, byte[] packet, long revision, CompletableFuture<Long> acked,
                 long deadlineMillis, int retransmitsLeft) {

        static Entry of(InetSocketAddress target, long token, byte[] packet, long revision,
                        CompletableFuture<Long> acked, long deadlineMillis, int retransmits) {
            return new Entry(new Key(target.getAddress(), target.getPort(), token), target, packet, revision,
                    acked, deadlineMillis, retransmits);
        }

        Entry retransmitted(long nextDeadlineMillis) {
            return new Entry(key, target, packet, revision, acked, nextDeadlineMillis, retransmitsLeft - 1);
        }
    }

    /** What a sweep found overdue: pushes to send again, and pushes out of retransmits (already removed). */
    record Overdue(List<Entry> resend, List<Entry> expired) {
    }

    private final ConcurrentMap<Key, Entry> entries = new ConcurrentHashMap<>();
    private final int capacity;

    PendingAcks(int capacity) {
        this.capacity = capacity;
    }

    /**
     * Adds a push; false when {@code capacity} pushes already wait, or (all but never, tokens being random) a push
     * to the same subscriber with the same token does. The size check and the insert are not one step, so
     * concurrent senders may pass the bound by at most their number.
     */
    boolean add(Entry entry) {
        if (entries.size() >= capacity) {
            return false;
        }
        return entries.putIfAbsent(entry.key(), entry) == null;
    }

    /** Removes and returns the push an ack from {@code from} with {@code token} answers, if any waits. */
    Optional<Entry> acknowledge(InetSocketAddress from, long token) {
        return Optional.ofNullable(entries.remove(new Key(from.getAddress(), from.getPort(), token)));
    }

    /** Puts back an entry whose ack could not be handled, so the sweep deals with it. */
    void restore(Entry entry) {
        entries.putIfAbsent(entry.key(), entry);
    }

    void remove(Entry entry) {
        entries.remove(entry.key(), entry);
    }

    /**
     * Takes the pushes whose deadline has passed: each with retransmits left gets a new deadline
     * {@code ackTimeoutMillis} from now and one retransmit fewer, and is returned to be sent again; each
     * without is removed and returned as expired. An entry acknowledged meanwhile is left alone.
     */
    Overdue overdue(long nowMillis, long ackTimeoutMillis) {
        List<Entry> resend = new ArrayList<>();
        List<Entry> expired = new ArrayList<>();
        // A scan of the map: it holds at most `capacity` entries and runs once per sweep period, which is
        // simpler than keeping a second, deadline-ordered structure in step with acks.
        for (Entry entry : entries.values()) {
            if (entry.deadlineMillis() > nowMillis) {
                continue;
            }
            if (entry.retransmitsLeft() > 0) {
                Entry next = entry.retransmitted(nowMillis + ackTimeoutMillis);
                if (entries.replace(entry.key(), entry, next)) {
                    resend.add(next);
                }
            } else if (entries.remove(entry.key(), entry)) {
                expired.add(entry);
            }
        }
        return new Overdue(resend, expired);
    }

    /** Removes and returns every waiting push (the socket is closing). */
    List<Entry> clear() {
        List<Entry> all = new ArrayList<>();
        for (Entry entry : entries.values()) {
            if (entries.remove(entry.key(), entry)) {
                all.add(entry);
            }
        }
        return all;
    }

    int size() {
        return entries.size();
    }
}
