package io.jacos.persistence;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@DisplayName("Storage settings, with Nacos's property names")
class StorageSettingsTest {

    private static StorageConfig read(Map<String, String> values) {
        StorageSettings settings = new StorageSettings(new MapConfig(values));
        return settings.read();
    }

    @Test
    @DisplayName("nothing set: the embedded H2 in ${user.home}/nacos/data")
    void defaults() {
        StorageConfig config = read(Map.of());
        assertEquals(StorageConfig.Kind.H2, config.kind());
        assertEquals("jdbc:h2:file:" + Path.of(System.getProperty("user.home"), "nacos", "data", "jacos")
                + StorageConfig.H2_OPTIONS, config.url());
        assertEquals(Optional.empty(), config.provider());
    }

    @Test
    @DisplayName("nacos.home moves the embedded database")
    void nacosHome() {
        assertEquals("jdbc:h2:file:/srv/nacos/data/jacos" + StorageConfig.H2_OPTIONS,
                read(Map.of("nacos.home", "/srv/nacos")).url());
    }

    @Test
    @DisplayName("spring.sql.init.platform=postgresql with db.url.0, db.user.0, db.password.0 and db.pool.config.*")
    void postgresql() {
        StorageConfig config = read(Map.of("spring.sql.init.platform", "postgresql",
                "db.url.0", "jdbc:postgresql://127.0.0.1:5432/nacos", "db.user.0", "nacos", "db.password.0", "secret",
                "db.pool.config.maximumPoolSize", "7", "db.pool.config.connectionTimeout", "1234"));
        assertEquals(StorageConfig.Kind.POSTGRESQL, config.kind());
        assertEquals("jdbc:postgresql://127.0.0.1:5432/nacos", config.url());
        assertEquals("nacos", config.user());
        assertEquals("secret", config.password());
        assertEquals(Map.of("maximumPoolSize", "7", "connectionTimeout", "1234"), config.pool());
        assertEquals(7, StorageDataSource.poolConfig(config).getMaximumPoolSize());
        assertEquals(1234, StorageDataSource.poolConfig(config).getConnectionTimeout());
        assertEquals(StorageDataSource.POOL_NAME, StorageDataSource.poolConfig(config).getPoolName());
    }

    @Test
    @DisplayName("Nacos's older spring.datasource.platform and unnumbered db.user / db.password are accepted")
    void olderNames() {
        StorageConfig config = read(Map.of("spring.datasource.platform", "PostgreSQL",
                "db.url.0", "jdbc:postgresql://db/nacos", "db.user", "u", "db.password", "p"));
        assertEquals(StorageConfig.Kind.POSTGRESQL, config.kind());
        assertEquals("u", config.user());
        assertEquals("p", config.password());
    }

    @Test
    @DisplayName("a JNDI name wins; a JPA provider can be named")
    void jndi() {
        StorageConfig config = read(Map.of("jacos.db.jndi-name", "java:jboss/datasources/JacosDS",
                "spring.sql.init.platform", "postgresql", "jacos.db.jpa-provider", JpaProviders.HIBERNATE));
        assertEquals(StorageConfig.Kind.JNDI, config.kind());
        assertEquals("java:jboss/datasources/JacosDS", config.jndiName());
        assertEquals(Optional.of(JpaProviders.HIBERNATE), config.provider());
    }

    @Test
    @DisplayName("refused: PostgreSQL without db.url.0, and a platform Jacos does not support")
    void refused() {
        IllegalStateException noUrl = assertThrows(IllegalStateException.class,
                () -> read(Map.of("spring.sql.init.platform", "postgresql")));
        assertTrue(noUrl.getMessage().contains("db.url.0"), noUrl.getMessage());
        IllegalStateException mysql = assertThrows(IllegalStateException.class,
                () -> read(Map.of("spring.sql.init.platform", "mysql")));
        assertTrue(mysql.getMessage().contains("mysql"), mysql.getMessage());
    }

    @Test
    @DisplayName("the description names the database and user, never the password")
    void describeHidesPassword() {
        StorageConfig config = StorageConfig.postgresql("jdbc:postgresql://db/nacos?user=x&password=hunter2&ssl=true",
                "nacos", "secret", Map.of());
        assertFalse(config.describe().contains("hunter2") || config.describe().contains("secret"), config.describe());
        assertFalse(config.toString().contains("secret"), config.toString());
        StorageConfig userInfo = StorageConfig.postgresql("jdbc:postgresql://admin:hunter3@db/nacos", "nacos",
                "secret", Map.of());
        assertFalse(userInfo.describe().contains("hunter3"), userInfo.describe());
    }

    @Test
    @DisplayName("a cluster on the embedded H2 is warned that its data is per node, and told the shared settings")
    void clusterOnEmbeddedH2() {
        Optional<String> warning = StorageStartup.perNodeWarning(read(Map.of()), true);

        assertTrue(warning.isPresent());
        assertTrue(warning.get().contains("per node"), warning.get());
        assertTrue(warning.get().contains("spring.sql.init.platform=postgresql"), warning.get());
        assertTrue(warning.get().contains("jacos.db.jndi-name"), warning.get());
        assertEquals(Optional.empty(), StorageStartup.perNodeWarning(read(Map.of()), false), "standalone");
        assertEquals(Optional.empty(), StorageStartup.perNodeWarning(read(Map.of("spring.sql.init.platform",
                "postgresql", "db.url.0", "jdbc:postgresql://127.0.0.1:5432/nacos")), true), "shared");
        assertEquals(Optional.empty(), StorageStartup.perNodeWarning(read(Map.of("jacos.db.jndi-name",
                "jdbc/nacos")), true), "the server's datasource");
    }
}
