package io.jacos.application;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ChunkedRowsTest {

    private static ConfigCatalog.Sized row(long id, long bytes) {
        return new ConfigCatalog.Sized(id, bytes);
    }

    @Test
    void rowsAreReadInChunksOfBoundedContentAndALargerRowAlone() {
        List<ConfigCatalog.Sized> rows = List.of(row(1, 4), row(2, 4), row(3, 3), row(4, 20), row(5, 1), row(6, 9));
        List<List<Long>> reads = new ArrayList<>();
        ChunkedRows<Long> page = new ChunkedRows<>(rows, 10, ids -> {
            reads.add(ids);
            return ids;
        });
        assertEquals(List.of(List.of(1L, 2L), List.of(3L), List.of(4L), List.of(5L, 6L)), page.chunks());
        assertEquals(List.of(), reads, "nothing is read before the page is iterated");

        List<Long> seen = new ArrayList<>();
        page.iterator().forEachRemaining(id -> {
            seen.add(id);
            assertEquals(reads.stream().mapToInt(List::size).sum() >= seen.size(), true);
        });
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), seen);
        assertEquals(page.chunks(), reads, "each chunk read once, when its first row is reached");
    }

    @Test
    void rowsGoneSinceThePageWasPlannedAreLeftOut() {
        ChunkedRows<Long> page = new ChunkedRows<>(List.of(row(1, 1), row(2, 1), row(3, 1)), 2,
                ids -> ids.stream().filter(id -> id != 2L).toList());
        List<Long> seen = new ArrayList<>();
        page.forEach(seen::add);
        assertEquals(List.of(1L, 3L), seen);
    }
}
