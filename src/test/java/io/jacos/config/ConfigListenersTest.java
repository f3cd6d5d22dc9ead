package io.jacos.config;

import io.jacos.model.ConfigKey;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigListenersTest {

    private static ConfigKey key(int i) {
        return new ConfigKey("public", "DEFAULT_GROUP", "d" + i);
    }

    @Test
    void aListenOverTheBoundTakesNoneOfItsConfigurations() {
        ConfigListeners listeners = new ConfigListeners();
        Map<ConfigKey, String> almostAll = new HashMap<>();
        for (int i = 0; i < ConfigListeners.MAX_PER_CONNECTION - 1; i++) {
            almostAll.put(key(i), "");
        }
        assertTrue(listeners.listen("c", almostAll));
        assertFalse(listeners.listen("c", Map.of(key(-1), "", key(-2), "")));
        assertNull(listeners.tenantOf("c", key(-1)), "nothing half taken");
        assertTrue(listeners.listen("c", Map.of(key(0), "public", key(-1), "")), "one already held, one new: fits");
        assertEquals("public", listeners.tenantOf("c", key(0)), "a listen again takes the newer spelling");
        assertEquals(ConfigListeners.MAX_PER_CONNECTION, listeners.count());
    }

    @Test
    void aConnectionThatIsGoneListensToNothing() {
        ConfigListeners listeners = new ConfigListeners();
        listeners.listen("a", Map.of(key(1), "", key(2), "public"));
        listeners.listen("b", Map.of(key(1), "dev"));
        listeners.forget("a");
        assertEquals(Map.of("b", "dev"), listeners.listenersOf(key(1)));
        assertEquals(Map.of(), listeners.listenersOf(key(2)));
        listeners.unlisten("b", key(1));
        assertEquals(0, listeners.count());
    }
}
