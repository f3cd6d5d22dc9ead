package io.jacos.persistence;

import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.spi.PersistenceProvider;
import org.flywaydb.core.api.output.MigrateResult;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.concurrent.ThreadFactory;
import java.util.logging.Logger;

/**
 * The open store: connections, the migrated schema and the entity manager factory, made in that order by
 * {@link #open} and closed in the reverse order. Nothing here is static, so an undeployed application leaves
 * no pool, no thread and no H2 file lock behind.
 */
final class Storage implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(Storage.class.getName());
    private static final int VALID_SECONDS = 2;

    private final StorageDataSource connections;
    private final EntityManagerFactory entityManagers;
    private final String description;
    private final String product;

    private Storage(StorageDataSource connections, EntityManagerFactory entityManagers, String description,
                    String product) {
        this.connections = connections;
        this.entityManagers = entityManagers;
        this.description = description;
        this.product = product;
    }

    /** Opens the database, migrates it and builds the JPA unit; throws with the reason when any step fails. */
    static Storage open(StorageConfig config) {
        return open(config, null);
    }

    /** The same, the pool's threads made by {@code threads} (the container's), or by the pool itself when null. */
    static Storage open(StorageConfig config, ThreadFactory threads) {
        StorageDataSource connections;
        try {
            connections = StorageDataSource.open(config, threads);
        } catch (RuntimeException e) {
            throw new IllegalStateException("Cannot open the naming store database " + config.describe() + ": "
                    + rootMessage(e), e);
        }
        try {
            String database = database(connections);
            MigrateResult migrated = SchemaMigration.migrate(connections.dataSource());
            PersistenceProvider provider = JpaProviders.find(config.provider());
            EntityManagerFactory factory = provider.createContainerEntityManagerFactory(
                    new StoragePersistenceUnit(provider.getClass().getName(), connections.dataSource()),
                    JpaProviders.properties());
            String description = database + " at " + config.describe();
            // Flyway reports no target version when it applied nothing: the version found is then the current one.
            String version = migrated.targetSchemaVersion != null ? migrated.targetSchemaVersion
                    : migrated.initialSchemaVersion;
            LOG.info(() -> "Naming store: " + description + ", schema version " + version
                    + " (" + migrated.migrationsExecuted + " migrations applied now), JPA provider "
                    + provider.getClass().getName());
            return new Storage(connections, factory, description, database);
        } catch (RuntimeException e) {
            connections.close();
            throw new IllegalStateException("Cannot prepare the naming store in " + config.describe() + ": "
                    + rootMessage(e), e);
        }
    }

    javax.sql.DataSource dataSource() {
        return connections.dataSource();
    }

    EntityManagerFactory entityManagers() {
        return entityManagers;
    }

    String description() {
        return description;
    }

    /**
     * The database product and version only, for what any client may read (the readiness check): the location
     * (a file path, a host) and the user stay in the log.
     */
    String product() {
        return product;
    }

    /** Whether the database answers now (a pooled connection that passes the driver's check). */
    boolean reachable() {
        try (Connection connection = connections.dataSource().getConnection()) {
            return connection.isValid(VALID_SECONDS);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() {
        try {
            entityManagers.close();
        } finally {
            connections.close();
        }
    }

    /** Product and driver, with versions: on Payara it shows whether our bundled H2 or the server's was loaded. */
    private static String database(StorageDataSource connections) {
        try (Connection connection = connections.dataSource().getConnection()) {
            DatabaseMetaData meta = connection.getMetaData();
            return meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion() + " (driver "
                    + meta.getDriverVersion() + ")";
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (cause: " + root + ")";
    }
}
