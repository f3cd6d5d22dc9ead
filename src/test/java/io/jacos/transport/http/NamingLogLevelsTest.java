package io.jacos.transport.http;

import io.jacos.model.RegistryException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.logging.Level;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class NamingLogLevelsTest {

    private final NamingLogLevels levels = new NamingLogLevels();

    @AfterEach
    void restore() {
        Logger.getLogger("io.jacos.push").setLevel(null);
    }

    @Test
    void aNacosLogNameSetsTheJacosLoggerDoingThatWork() {
        levels.set("naming-push", "debug");
        assertEquals(Level.FINE, Logger.getLogger("io.jacos.push").getLevel());
        levels.set("naming-push", "WARN");
        assertEquals(Level.WARNING, levels.levelOf("naming-push"));
    }

    @Test
    void anUnknownNameOrLevelIsRefusedAndChangesNothing() {
        RegistryException name = assertThrows(RegistryException.class, () -> levels.set("root", "INFO"));
        assertEquals(RegistryException.INVALID_PARAM, name.code());
        RegistryException level = assertThrows(RegistryException.class, () -> levels.set("naming-push", "LOUD"));
        assertEquals(RegistryException.INVALID_PARAM, level.code());
        assertNull(levels.levelOf("naming-push"));
        assertNull(levels.levelOf("root"));
    }
}
