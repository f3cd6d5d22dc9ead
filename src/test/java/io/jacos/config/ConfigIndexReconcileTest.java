package io.jacos.config;

import io.jacos.model.ConfigKey;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A change is taken only when newer; the store's state, re-read on request, also at the revision held. */
class ConfigIndexReconcileTest {

    private static final ConfigKey KEY = new ConfigKey("public", "DEFAULT_GROUP", "app.yaml");

    private final ConfigIndex index = new ConfigIndex();

    @Test
    void aChangeAtTheRevisionHeldIsNotTakenButTheStoresStateIs() {
        index.apply(KEY, "first", 3);

        assertFalse(index.apply(KEY, "edited-in-place", 3));
        assertEquals("first", index.md5(KEY));
        assertTrue(index.reconcile(KEY, "edited-in-place", 3));
        assertEquals("edited-in-place", index.md5(KEY));
        assertFalse(index.reconcile(KEY, "edited-in-place", 3), "the same state again is no change");
    }

    @Test
    void aNewerRevisionHeldIsNotPutBackByAnOlderRead() {
        index.apply(KEY, "newer", 5);

        assertFalse(index.reconcile(KEY, "older", 4));
        assertEquals("newer", index.md5(KEY));
    }
}
