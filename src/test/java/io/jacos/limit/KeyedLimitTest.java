package io.jacos.limit;

import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeyedLimitTest {

    private final SteppedClock clock = new SteppedClock(1_000_000);

    @Test
    void exactlyTheRateIsAllowedAtOnceAndTheNextIsRefused() {
        KeyedLimit limit = new KeyedLimit("test", 5, 100, clock);
        for (int i = 0; i < 5; i++) {
            assertTrue(limit.allow("a"), "request " + (i + 1));
        }
        assertFalse(limit.allow("a"), "request 6 in the same millisecond");
    }

    @Test
    void oneTokenComesBackAfterOneOverTheRateOfASecond() {
        KeyedLimit limit = new KeyedLimit("test", 10, 100, clock);
        drain(limit, "a", 10);
        clock.advance(99);
        assertFalse(limit.allow("a"), "99 ms refill 0.99 of a request");
        clock.advance(1);
        assertTrue(limit.allow("a"), "100 ms refill one");
        assertFalse(limit.allow("a"), "and only one");
    }

    @Test
    void aSecondRefillsTheWholeBurstButNeverMore() {
        KeyedLimit limit = new KeyedLimit("test", 10, 100, clock);
        drain(limit, "a", 10);
        clock.advance(60_000);
        drain(limit, "a", 10);
        assertFalse(limit.allow("a"), "the burst is capped at one second's worth");
    }

    @Test
    void keysHaveTheirOwnBuckets() {
        KeyedLimit limit = new KeyedLimit("test", 3, 100, clock);
        drain(limit, "a", 3);
        assertFalse(limit.allow("a"));
        drain(limit, "b", 3);
        assertFalse(limit.allow("b"));
    }

    @Test
    void zeroDisablesTheLimit() {
        KeyedLimit limit = new KeyedLimit("test", 0, 100, clock);
        drain(limit, "a", 100_000);
        assertEquals(0, limit.trackedKeys(), "a disabled limit keeps nothing");
    }

    @Test
    void aFullMapForgetsIdleKeysAndOtherwiseSharesOneOverflowBucket() {
        KeyedLimit limit = new KeyedLimit("test", 2, 2, clock);
        drain(limit, "a", 2);
        drain(limit, "b", 2);
        // The map is full and nothing is idle yet: new keys share one overflow bucket of the same rate.
        assertTrue(limit.allow("c"));
        assertTrue(limit.allow("d"));
        assertFalse(limit.allow("e"), "c, d and e share the overflow bucket");
        assertEquals(2, limit.trackedKeys());

        clock.advance(1000);
        assertTrue(limit.allow("f"), "a and b are idle for a second: dropped, f gets its own bucket");
        assertEquals(1, limit.trackedKeys());
        assertTrue(limit.allow("a"), "a forgotten is a full bucket again");
    }

    @Test
    void aClockStepBackwardsNeitherRefillsNorBreaksTheBucket() {
        KeyedLimit limit = new KeyedLimit("test", 2, 10, clock);
        drain(limit, "a", 2);
        clock.advance(-5000);
        assertFalse(limit.allow("a"));
    }

    private static void drain(KeyedLimit limit, String key, int count) {
        for (int i = 0; i < count; i++) {
            assertTrue(limit.allow(key), key + " request " + (i + 1) + " of " + count);
        }
    }

    @Test
    void thePeakIsTheBusiestKeysCountWithinOneClockSecond() {
        KeyedLimit limit = new KeyedLimit("test", 100, 10, clock);
        drain(limit, "a", 7);
        drain(limit, "b", 3);
        clock.advance(1000);
        drain(limit, "a", 5);
        assertEquals(7, limit.peakPerSecond());
    }
}
