package io.jacos.application;

import io.jacos.model.RegistryException;
import io.jacos.settings.ConfigSettings;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LargeWritesTest {

    private static final long MIB = 1 << 20;

    @Test
    void smallWritesTakeNothingAndLargeOnesShareTheBudget() {
        LargeWrites writes = new LargeWrites(new ConfigSettings(1, 10_000, 1, 1_000, 5));
        long budget = writes.freeBytes();
        assertEquals(16 * MIB, budget, "the default budget");
        try (LargeWrites.Share small = writes.take(MIB)) {
            assertEquals(budget, writes.freeBytes());
        }
        LargeWrites.Share first = writes.take(10 * MIB);
        assertEquals(6 * MIB, writes.freeBytes());
        first.close();
        first.close();
        assertEquals(budget, writes.freeBytes(), "given back once, however often closed");
        try (LargeWrites.Share whole = writes.take(100 * MIB)) {
            assertEquals(0, writes.freeBytes(), "a write larger than the budget takes all of it, and goes in alone");
        }
        assertEquals(budget, writes.freeBytes());
    }

    @Test
    void aWriteThatCannotHaveItsShareIsRefusedWith503() {
        LargeWrites writes = new LargeWrites(32 * MIB, 0);
        try (LargeWrites.Share held = writes.take(30 * MIB)) {
            RegistryException refused = assertThrows(RegistryException.class, () -> writes.take(8 * MIB));
            assertEquals(RegistryException.OVER_THRESHOLD, refused.code());
        }
        assertEquals(32 * MIB, writes.freeBytes());
    }
}
