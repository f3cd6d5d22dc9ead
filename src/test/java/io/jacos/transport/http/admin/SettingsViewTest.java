package io.jacos.transport.http.admin;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SettingsViewTest {

    private static final Map<String, String> CONFIGURED = Map.of(
            "db.password.0", "s3cret",
            "db.user.0", "nacos",
            "jacos.connection.keep-alive", "6000",
            "nacos.core.auth.plugin.nacos.token.secret.key", "abc",
            "jacos.tls.keystore-password", "pw",
            "jacos.api.keys", "k1,k2",
            "nacos.core.auth.server.identity.credential", "c",
            "java.home", "/usr/lib/jvm",
            "payara.something", "x");

    private final Map<String, String> shown = SettingsView.effective(declared(), CONFIGURED.keySet(),
            name -> Optional.ofNullable(CONFIGURED.get(name)));

    private static Map<String, String> declared() {
        Map<String, String> declared = new LinkedHashMap<>();
        declared.put("jacos.connection.keep-alive", "20000");
        declared.put("jacos.beat.interval", "5000");
        declared.put("db.password.0", null);
        declared.put("db.url.0", null);
        return declared;
    }

    @Test
    void aDatasourcePasswordIsMasked() {
        assertEquals(SettingsView.MASK, shown.get("db.password.0"));
        assertFalse(shown.containsValue("s3cret"));
    }

    @Test
    void secretsTokensCredentialsAndKeysAreMaskedWhateverTheirValue() {
        assertEquals(SettingsView.MASK, shown.get("nacos.core.auth.plugin.nacos.token.secret.key"));
        assertEquals(SettingsView.MASK, shown.get("jacos.tls.keystore-password"));
        assertEquals(SettingsView.MASK, shown.get("jacos.api.keys"));
        assertEquals(SettingsView.MASK, shown.get("nacos.core.auth.server.identity.credential"));
        assertEquals(SettingsView.MASK, SettingsView.shown("db.password", ""));
    }

    @Test
    void configuredValuesWinOverDefaultsWhichShowOtherwise() {
        assertEquals("6000", shown.get("jacos.connection.keep-alive"));
        assertEquals("5000", shown.get("jacos.beat.interval"));
        assertEquals("nacos", shown.get("db.user.0"));
        assertTrue(shown.containsKey("db.url.0"));
        assertNull(shown.get("db.url.0"), "declared without default and not set");
    }

    @Test
    void propertiesOutsideTheServersPrefixesAreLeftOut() {
        assertFalse(shown.containsKey("java.home"));
        assertFalse(shown.containsKey("payara.something"));
        assertEquals(List.copyOf(shown.keySet()), shown.keySet().stream().sorted().toList(), "sorted by name");
    }

    @Test
    void everyDeclaredSettingOfTheServerIsListedWithItsDefault() {
        Map<String, String> declared = EffectiveSettings.declared();
        assertEquals("20000", declared.get("jacos.connection.keep-alive"));
        assertEquals("10000", declared.get("jacos.cluster.drain-timeout"));
        assertEquals("5000", declared.get("jacos.health.interval"));
        assertTrue(declared.containsKey("db.password.0"));
        assertTrue(declared.containsKey("server.port"));
        assertNull(declared.get("server.port"));
    }
}
