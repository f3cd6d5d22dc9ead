package io.jacos.application.internal;

import io.jacos.application.RuntimeSwitches;
import io.jacos.settings.BeatSettings;
import io.jacos.model.RegistryException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DefaultRuntimeSwitchesTest {

    private final BeatSettings settings = new BeatSettings() {
        @Override
        public long beatIntervalMillis() {
            return 5000;
        }

        @Override
        public long beatUnhealthyTimeoutMillis() {
            return 15_000;
        }

        @Override
        public boolean lightBeatEnabled() {
            return true;
        }
    };
    private final DefaultRuntimeSwitches switches = new DefaultRuntimeSwitches(settings);

    @Test
    void eachSwitchShowsItsSettingUntilChanged() {
        assertEquals(5000, switches.beatIntervalMillis());
        assertTrue(switches.lightBeatEnabled());
        switches.change(RuntimeSwitches.CLIENT_BEAT_INTERVAL, "7000");
        switches.change(RuntimeSwitches.LIGHT_BEAT_ENABLED, "FALSE");
        assertEquals(7000, switches.beatIntervalMillis());
        assertEquals(7000, switches.beatTimes().defaultInterval());
        assertEquals(15_000, switches.beatTimes().defaultUnhealthyTimeout());
        assertFalse(switches.lightBeatEnabled());
    }

    @Test
    void aBeatIntervalFromOneSecondToBelowTheUnhealthyTimeoutIsTaken() {
        switches.change(RuntimeSwitches.CLIENT_BEAT_INTERVAL, "1000");
        switches.change(RuntimeSwitches.CLIENT_BEAT_INTERVAL, "14999");
        for (String bad : new String[]{"999", "15000", "-1", "5s", "", "99999999999999999999"}) {
            RegistryException e = assertThrows(RegistryException.class,
                    () -> switches.change(RuntimeSwitches.CLIENT_BEAT_INTERVAL, bad), bad);
            assertEquals("value", e.param(), bad);
        }
        assertEquals(14_999, switches.beatIntervalMillis());
    }

    @Test
    void otherEntriesAreRefusedByNameAndChangeNothing() {
        RegistryException fixed = assertThrows(RegistryException.class,
                () -> switches.change("distroThreshold", "0.5"));
        assertEquals("entry", fixed.param());
        assertTrue(fixed.getMessage().contains("distroThreshold"), fixed.getMessage());
        RegistryException unknown = assertThrows(RegistryException.class, () -> switches.change("nope\n", "1"));
        assertTrue(unknown.getMessage().contains("'nope?'"), unknown.getMessage());
        assertThrows(RegistryException.class, () -> switches.change(RuntimeSwitches.LIGHT_BEAT_ENABLED, "yes"));
        assertEquals(5000, switches.beatIntervalMillis());
        assertTrue(switches.lightBeatEnabled());
    }
}
