package io.jacos.transport.http.forward;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The peer proofs accepted lately, so none is accepted twice. Each is remembered until its timestamp has left the
 * acceptance window, at most {@code capacity} at once. When full of proofs still inside the window, a new one is
 * refused rather than an old one forgotten: a refused relay is only handled as a client's request, while a
 * forgotten proof could be replayed. Only proofs with a valid MAC get here, so filling it takes the secret.
 */
final class SeenProofs {

    private final int capacity;
    /** Proof → when it may be forgotten (epoch ms), in the order accepted. */
    private final Map<String, Long> seen = new LinkedHashMap<>();

    SeenProofs(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
    }

    /**
     * Remembers the proof when it is new and there is room.
     *
     * @param forgetAt when the proof can no longer be accepted anyway (its timestamp plus the window)
     * @return whether the proof was new and is now remembered
     */
    synchronized boolean firstTime(String proof, long forgetAt, long now) {
        forgetExpired(now);
        if (seen.containsKey(proof) || seen.size() >= capacity) {
            return false;
        }
        seen.put(proof, forgetAt);
        return true;
    }

    synchronized int remembered() {
        return seen.size();
    }

    /**
     * Drops expired proofs from the oldest on. Timestamps of different senders differ a little, so an expired proof
     * behind a younger one waits for it; proofs are only ever kept longer than needed, never shorter.
     */
    private void forgetExpired(long now) {
        Iterator<Long> oldest = seen.values().iterator();
        while (oldest.hasNext() && oldest.next() < now) {
            oldest.remove();
        }
    }
}
