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
            "db.url.0", "jdbc:postgresql://nacos:pg-s3cret@db:5432/nacos",
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
        declared.put("db.url.1", null);
        return declared;
    }

    @Test
    void aDatasourcePasswordIsMasked() {
        assertEquals(SettingsView.MASK, shown.get("db.password.0"));
        assertFalse(shown.containsValue("s3cret"));
        assertEquals("jdbc:postgresql://" + SettingsView.MASK + "@db:5432/nacos", shown.get("db.url.0"));
    }

    @Test
    void secretsTokensCredentialsAndKeysAreMaskedWhateverTheirValue() {
        assertEquals(SettingsView.MASK, shown.get("nacos.core.auth.plugin.nacos.token.secret.key"));
        assertEquals(SettingsView.MASK, shown.get("jacos.tls.keystore-password"));
        assertEquals(SettingsView.MASK, shown.get("jacos.api.keys"));
        assertEquals(SettingsView.MASK, shown.get("nacos.core.auth.server.identity.credential"));
        assertEquals(SettingsView.MASK, SettingsView.shown("db.password", ""));
        assertEquals(SettingsView.MASK, SettingsView.shown("jacos.cluster.secret", null));
        // Settings that only mention a secret in their name are shown.
        assertEquals("65536", SettingsView.shown("jacos.limit.max-keys", "65536"));
        assertEquals("210000", SettingsView.shown("jacos.auth.password-iterations", "210000"));
        assertEquals("18000", SettingsView.shown("nacos.core.auth.plugin.nacos.token.expire.seconds", "18000"));
    }

    @Test
    void aDatabaseUrlIsShownWithoutItsUserInfoOrSecretParameters() {
        assertEquals("jdbc:postgresql://" + SettingsView.MASK + "@db.example:5432/nacos?ssl=true&password="
                        + SettingsView.MASK + "&ApplicationName=jacos",
                SettingsView.shown("db.url.0", "jdbc:postgresql://nacos:s3cret@db.example:5432/nacos?ssl=true"
                        + "&password=s3cret&ApplicationName=jacos"));
        assertEquals("jdbc:mysql://db:3306/nacos?user=nacos&password=" + SettingsView.MASK + "&useSSL=false",
                SettingsView.shown("db.url.1", "jdbc:mysql://db:3306/nacos?user=nacos&password=s3cret&useSSL=false"));
        assertEquals("jdbc:sqlserver://db:1433;databaseName=nacos;user=sa;password=" + SettingsView.MASK,
                SettingsView.shown("db.url.0", "jdbc:sqlserver://db:1433;databaseName=nacos;user=sa;password=s3cret"));
        assertEquals("jdbc:oracle:thin:" + SettingsView.MASK + "@//db:1521/nacos",
                SettingsView.shown("db.url.0", "jdbc:oracle:thin:nacos/s3cret@//db:1521/nacos"));
        assertEquals("jdbc:postgresql://" + SettingsView.MASK + "@db/nacos",
                SettingsView.shown("db.url.0", "jdbc:postgresql://nacos:s3c@ret@db/nacos"), "an @ in the password");
    }

    @Test
    void anyValueThatIsAJdbcUrlIsMaskedAlikeAndOneWithoutCredentialsIsShownAsItIs() {
        assertEquals("JDBC:postgresql://" + SettingsView.MASK + "@db/nacos",
                SettingsView.shown("spring.datasource.url", "JDBC:postgresql://u:p@db/nacos"));
        assertEquals("jdbc:h2:mem:nacos;USER=sa;PASSWORD=" + SettingsView.MASK,
                SettingsView.shown("jacos.some.url", "jdbc:h2:mem:nacos;USER=sa;PASSWORD=s3cret"));
        assertEquals("jdbc:postgresql://db:5432/nacos?user=a@example.org",
                SettingsView.shown("db.url.0", "jdbc:postgresql://db:5432/nacos?user=a@example.org"));
        assertEquals("jdbc:oracle:thin:@//db:1521/nacos", SettingsView.shown("db.url.0",
                "jdbc:oracle:thin:@//db:1521/nacos"));
        assertEquals("http://a:b@c", SettingsView.shown("jacos.other", "http://a:b@c"), "not a database URL");
    }

    @Test
    void configuredValuesWinOverDefaultsWhichShowOtherwise() {
        assertEquals("6000", shown.get("jacos.connection.keep-alive"));
        assertEquals("5000", shown.get("jacos.beat.interval"));
        assertEquals("nacos", shown.get("db.user.0"));
        assertTrue(shown.containsKey("db.url.1"));
        assertNull(shown.get("db.url.1"), "declared without default and not set");
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
        assertEquals("3000/6000", declared.get("jacos.cluster.merge-interval"));
        assertEquals("10000", declared.get("jacos.cluster.handoff-grace"));
        assertEquals("100000", declared.get("jacos.history.max-entries"));
        assertTrue(declared.containsKey("spring.datasource.platform"));
    }
}
