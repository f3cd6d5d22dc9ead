package io.jacos.transport.http.admin;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AdminBodiesTest {

    @Test
    void anEmptyBodyOrAbsentFieldGivesNothing() {
        assertEquals(Optional.empty(), AdminBodies.optionalText(null, "target"));
        assertEquals(Optional.empty(), AdminBodies.optionalText("  ", "target"));
        assertEquals(Optional.empty(), AdminBodies.optionalText("{}", "target"));
        assertEquals(Optional.empty(), AdminBodies.optionalText("{\"target\":null}", "target"));
    }

    @Test
    void theFieldIsRead() {
        assertEquals(Optional.of("127.0.0.1:8848"), AdminBodies.optionalText("{\"target\":\" 127.0.0.1:8848 \"}", "target"));
    }

    @Test
    void malformedBodiesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> AdminBodies.optionalText("{", "target"));
        assertThrows(IllegalArgumentException.class, () -> AdminBodies.optionalText("[1]", "target"));
        assertThrows(IllegalArgumentException.class, () -> AdminBodies.optionalText("{\"target\":3}", "target"));
        assertThrows(IllegalArgumentException.class, () -> AdminBodies.optionalText("{\"target\":\"\"}", "target"));
        assertThrows(IllegalArgumentException.class,
                () -> AdminBodies.optionalText("{\"target\":\"" + "x".repeat(5000) + "\"}", "target"));
    }
}
