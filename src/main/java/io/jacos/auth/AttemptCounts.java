package io.jacos.auth;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Login attempts per key (a client address, or a user name) within a window counted from the first attempt the key
 * made in it: those that failed, and those whose password check is still running (pending). A key whose failed and
 * pending attempts reach {@code maxFailures} gets no further attempt until the window has passed. Taking an attempt
 * is one atomic step per key ({@link #reserve}), so concurrent attempts can never pass the limit together.
 *
 * <p>At most {@code maxKeys} keys are kept: when full, expired keys without pending attempts go, then every key
 * without pending attempts, and if that is not enough, all (the counts then forget rather than grow, so memory stays
 * bounded under a spread-out attack; the other kind of key still counts).
 */
final class AttemptCounts {

    private record Tally(long start, int failures, int pending) {
        boolean idle() {
            return failures == 0 && pending == 0;
        }
    }

    private final Clock clock;
    private final int maxFailures;
    private final long windowMillis;
    private final int maxKeys;
    private final Map<String, Tally> tallies = new ConcurrentHashMap<>();

    AttemptCounts(Clock clock, int maxFailures, long windowMillis, int maxKeys) {
        this.clock = clock;
        this.maxFailures = Math.max(1, maxFailures);
        this.windowMillis = windowMillis;
        this.maxKeys = Math.max(1, maxKeys);
    }

    /** Counts one pending attempt for the key, unless the key is at its limit: false then, and nothing counted. */
    boolean reserve(String key) {
        long now = clock.millis();
        if (!tallies.containsKey(key) && tallies.size() >= maxKeys) {
            makeRoom(now);
        }
        boolean[] reserved = {false};
        tallies.compute(key, (k, tally) -> {
            Tally current = tally == null ? new Tally(now, 0, 0)
                    : expired(tally, now) ? new Tally(now, 0, tally.pending()) : tally;
            if (current.failures() + current.pending() >= maxFailures) {
                return current;
            }
            reserved[0] = true;
            return new Tally(current.start(), current.failures(), current.pending() + 1);
        });
        return reserved[0];
    }

    /** The pending attempt failed: it stays counted until the window passes. */
    void failed(String key) {
        settle(key, 1, false);
    }

    /** The pending attempt succeeded: it no longer counts, and neither do the key's failures. */
    void cleared(String key) {
        settle(key, 0, true);
    }

    /** The pending attempt ended without a verdict (succeeded where success clears nothing, or never checked). */
    void released(String key) {
        settle(key, 0, false);
    }

    int tracked() {
        return tallies.size();
    }

    private void settle(String key, int failed, boolean clearFailures) {
        tallies.computeIfPresent(key, (k, tally) -> {
            Tally next = new Tally(tally.start(), clearFailures ? 0 : tally.failures() + failed,
                    Math.max(0, tally.pending() - 1));
            return next.idle() ? null : next;
        });
    }

    private void makeRoom(long now) {
        tallies.values().removeIf(t -> t.pending() == 0 && expired(t, now));
        if (tallies.size() >= maxKeys) {
            tallies.values().removeIf(t -> t.pending() == 0);
        }
        if (tallies.size() >= maxKeys) {
            tallies.clear();
        }
    }

    private boolean expired(Tally tally, long now) {
        return now - tally.start() >= windowMillis;
    }
}
