package io.jacos.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class ConfigKeyTest {

    @Test
    void everySpellingOfTheDefaultNamespaceNamesTheSameConfiguration() {
        ConfigKey fromA3xClient = ConfigKey.of("public", "DEFAULT_GROUP", "a");
        for (String tenant : new String[]{null, "", "  ", "PUBLIC", "null", "Null"}) {
            assertEquals(fromA3xClient, ConfigKey.of(tenant, "DEFAULT_GROUP", "a"), "tenant '" + tenant + "'");
        }
        assertEquals("dev", ConfigKey.of("dev", "g", "a").namespace());
        assertNotEquals(fromA3xClient, ConfigKey.of("dev", "DEFAULT_GROUP", "a"));
    }

    @Test
    void md5IsTheClientsLowerCaseHexOfUtf8AndEmptyForNoContent() {
        assertEquals("", ConfigEntry.md5Of(null));
        assertEquals("d41d8cd98f00b204e9800998ecf8427e", ConfigEntry.md5Of(""));
        // Of the UTF-8 bytes: the Latin-1 digest of the same text is 3406877694691ddd1dfb0aca54681407.
        assertEquals("66ddcd97cfdeabb2f6fb8a999b4bc76f", ConfigEntry.md5Of("\u00e9"));
    }
}
