package io.jacos.replication;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PauseWatchTest {

    @Test
    void looksCloserThanTheThresholdAreNoPause() {
        PauseWatch watch = new PauseWatch(2_000);

        assertEquals(0, watch.pausedFor(10_000));
        assertEquals(0, watch.pausedFor(10_500));
        assertEquals(0, watch.pausedFor(12_500));
    }

    @Test
    void aLongerGapIsReportedOnceWithItsLength() {
        PauseWatch watch = new PauseWatch(2_000);
        watch.pausedFor(10_000);

        assertEquals(15_000, watch.pausedFor(25_000));
        assertEquals(0, watch.pausedFor(25_400));
    }

    @Test
    void aThresholdMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new PauseWatch(0));
    }
}
