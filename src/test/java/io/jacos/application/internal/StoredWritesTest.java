package io.jacos.application.internal;

import io.jacos.application.internal.StoredWrites.Write;
import io.jacos.event.StoredServiceChanged;
import io.jacos.model.ServiceKey;
import io.jacos.testing.RecordingEvent;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one order of a stored write: store, indexes, the store put back when the indexes refuse, then peers told. */
class StoredWritesTest {

    private static final ServiceKey KEY = new ServiceKey("public", "DEFAULT_GROUP", "db");

    private final RecordingEvent<Object> events = new RecordingEvent<>();
    private final StoredWrites writes = new StoredWrites(new ServiceLocks(), events);
    private final Map<String, String> store = new HashMap<>(Map.of("threshold", "0.1"));
    private final Map<String, String> indexes = new HashMap<>(Map.of("threshold", "0.1"));

    @Test
    void aWriteIsStoredThenShownThenToldToPeers() {
        assertTrue(writes.run(KEY, () -> Write.of(() -> store.put("threshold", "0.5"),
                () -> indexes.put("threshold", "0.5"))));

        assertEquals("0.5", store.get("threshold"));
        assertEquals("0.5", indexes.get("threshold"));
        assertEquals(List.of(new StoredServiceChanged(KEY)), events.fired());
    }

    @Test
    void whenTheStoreFailsTheIndexesAreUnchangedAndNobodyIsTold() {
        IllegalStateException down = new IllegalStateException("database down");

        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> writes.run(KEY,
                () -> Write.of(() -> { throw down; }, () -> indexes.put("threshold", "0.5"))));

        assertSame(down, thrown);
        assertEquals("0.1", indexes.get("threshold"));
        assertTrue(events.fired().isEmpty());
    }

    @Test
    void whenTheIndexesRefuseTheStoreIsPutBackAndNobodyIsTold() {
        IllegalArgumentException refused = new IllegalArgumentException("service turned ephemeral");

        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> writes.run(KEY,
                () -> Write.of(() -> store.put("threshold", "0.5"), () -> { throw refused; },
                        () -> store.put("threshold", "0.1"))));

        assertSame(refused, thrown);
        assertEquals("0.1", store.get("threshold"));
        assertEquals("0.1", indexes.get("threshold"));
        assertTrue(events.fired().isEmpty());
    }

    @Test
    void aFailedUndoIsReportedWithTheRefusalItFollowed() {
        IllegalArgumentException refused = new IllegalArgumentException("refused");
        IllegalStateException undoFailed = new IllegalStateException("database down");

        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> writes.run(KEY,
                () -> Write.of(() -> store.put("threshold", "0.5"), () -> { throw refused; },
                        () -> { throw undoFailed; })));

        assertSame(refused, thrown);
        assertEquals(List.of(undoFailed), List.of(thrown.getSuppressed()));
        assertTrue(events.fired().isEmpty());
    }

    @Test
    void aRefusedCheckWritesNothing() {
        assertThrows(IllegalArgumentException.class, () -> writes.run(KEY, () -> {
            throw new IllegalArgumentException("no such service");
        }));

        assertEquals("0.1", store.get("threshold"));
        assertTrue(events.fired().isEmpty());
    }

    @Test
    void nothingToWriteTellsNobody() {
        assertFalse(writes.run(KEY, () -> null));

        assertTrue(events.fired().isEmpty());
    }

    @Test
    void aStoreWriteThatChangedNothingStillShowsButTellsNobody() {
        store.remove("threshold");

        assertFalse(writes.run(KEY, () -> new Write(() -> store.remove("threshold") != null,
                () -> indexes.remove("threshold"), () -> store.put("threshold", "0.1"))));

        assertFalse(indexes.containsKey("threshold"), "what the indexes showed without a stored row is withdrawn");
        assertTrue(events.fired().isEmpty());
    }
}
