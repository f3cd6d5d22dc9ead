package io.jacos.replication;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OutsideViewDropsTest {

    @Test
    void aCutOfHundredsOfDropsIsLoggedAtPowersOfTwo() {
        OutsideViewDrops drops = new OutsideViewDrops();

        List<Long> logged = loggedOf(drops, 123);

        assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 32L, 64L), logged);
    }

    @Test
    void aViewChangeStartsTheCountAgain() {
        OutsideViewDrops drops = new OutsideViewDrops();
        loggedOf(drops, 5);

        drops.viewChanged();

        assertEquals(List.of(1L, 2L), loggedOf(drops, 3));
    }

    private static List<Long> loggedOf(OutsideViewDrops drops, int messages) {
        List<Long> logged = new ArrayList<>();
        LongStream.range(0, messages).map(i -> drops.dropped()).filter(n -> n > 0).forEach(logged::add);
        return logged;
    }
}
