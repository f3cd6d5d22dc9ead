package io.jacos.config;

import io.jacos.model.ConfigEntry;
import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
import io.jacos.model.GrayRule;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigIndexGrayTest {

    private static final ConfigKey KEY = new ConfigKey("public", "DEFAULT_GROUP", "app.yaml");
    private static final ConfigView BETA_CLIENT = new ConfigView("10.0.0.1", "canary");
    private static final ConfigView TAG_CLIENT = new ConfigView("10.0.0.2", "canary");
    private static final ConfigView OTHER = new ConfigView("10.0.0.3", null);

    private final ConfigIndex index = new ConfigIndex();

    @Test
    void eachViewComparesWithTheVersionItIsServedABetaBeforeATag() {
        index.apply(KEY, "formal", 1);
        assertTrue(index.applyGrays(KEY, List.of(new ConfigIndex.GrayVersion(GrayRule.tag("canary"), "tagged"),
                new ConfigIndex.GrayVersion(GrayRule.beta("10.0.0.1"), "beta")), 2));
        assertEquals("beta", index.md5(KEY, BETA_CLIENT), "the beta wins over the tag the client also has");
        assertEquals("tagged", index.md5(KEY, TAG_CLIENT));
        assertEquals("formal", index.md5(KEY, OTHER));
        assertEquals("formal", index.md5(KEY), "the formal md5 is untouched by grays");
        assertEquals(2, index.grayCount());
    }

    @Test
    void anOlderReadOfTheGraysNeverReplacesANewerOne() {
        index.applyGrays(KEY, List.of(new ConfigIndex.GrayVersion(GrayRule.beta("10.0.0.1"), "b2")), 5);
        assertFalse(index.applyGrays(KEY, List.of(new ConfigIndex.GrayVersion(GrayRule.beta("10.0.0.1"), "b1")),
                4), "a read prompted by an older change is dropped");
        assertEquals("b2", index.md5(KEY, BETA_CLIENT));
        assertTrue(index.graysCover(KEY, 5));
        assertFalse(index.graysCover(KEY, 6));
        assertTrue(index.applyGrays(KEY, List.of(), 6), "stopped");
        assertEquals(ConfigEntry.NO_MD5, index.md5(KEY, BETA_CLIENT), "no formal version: nothing");
        assertEquals(0, index.grayCount());
    }

    @Test
    void stoppedGrayVersionsAreRememberedWithinABound() {
        GrayVersions grays = new GrayVersions();
        for (int i = 0; i <= GrayVersions.MAX_EMPTY; i++) {
            ConfigKey key = new ConfigKey("public", "G", "d" + i);
            grays.apply(key, List.of(new ConfigIndex.GrayVersion(GrayRule.tag("t"), "m")), 1);
            grays.apply(key, List.of(), 2);
        }
        assertFalse(grays.cover(new ConfigKey("public", "G", "d0"), 2), "the oldest stop is forgotten");
        assertTrue(grays.cover(new ConfigKey("public", "G", "d1"), 2));
        assertEquals(0, grays.count());
    }
}
