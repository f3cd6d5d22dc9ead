package io.jacos.persistence;

import io.jacos.infrastructure.DatabaseUrls;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Which database the naming store uses, as {@link StorageSettings} read it: the embedded H2 file, a PostgreSQL
 * server through our own pool, or a datasource the application server defines under a JNDI name.
 *
 * @param url      JDBC URL (H2 or PostgreSQL), or null for JNDI
 * @param pool     HikariCP properties ({@code db.pool.config.*} without the prefix), for our own pool only
 * @param provider the JPA provider class to use, when more than one is visible (tests); empty = the first
 */
record StorageConfig(Kind kind, String url, String user, String password, Map<String, String> pool,
                     String jndiName, Optional<String> provider) {

    enum Kind { H2, POSTGRESQL, JNDI }

    /** Options every embedded URL carries: no H2 shutdown hook (the application closes it, at undeploy too). */
    static final String H2_OPTIONS = ";DB_CLOSE_ON_EXIT=FALSE";

    StorageConfig {
        pool = pool == null ? Map.of() : Map.copyOf(pool);
        provider = provider == null ? Optional.empty() : provider;
    }

    /** The embedded database: file {@code jacos} (H2 adds {@code .mv.db}) in {@code dataDir}. */
    static StorageConfig h2(Path dataDir) {
        String url = "jdbc:h2:file:" + dataDir.toAbsolutePath().resolve("jacos") + H2_OPTIONS;
        return new StorageConfig(Kind.H2, url, "sa", "", Map.of(), null, Optional.empty());
    }

    static StorageConfig postgresql(String url, String user, String password, Map<String, String> pool) {
        return new StorageConfig(Kind.POSTGRESQL, url, user, password, pool, null, Optional.empty());
    }

    static StorageConfig jndi(String name) {
        return new StorageConfig(Kind.JNDI, null, null, null, Map.of(), name, Optional.empty());
    }

    StorageConfig withProvider(String providerClassName) {
        return new StorageConfig(kind, url, user, password, pool, jndiName, Optional.of(providerClassName));
    }

    /** Where the data is, for logs and the readiness check; never the password. */
    String describe() {
        return kind == Kind.JNDI ? "JNDI datasource " + jndiName
                : DatabaseUrls.masked(url) + " as " + user;
    }

    @Override
    public String toString() {
        return "StorageConfig[" + describe() + "]";
    }
}
