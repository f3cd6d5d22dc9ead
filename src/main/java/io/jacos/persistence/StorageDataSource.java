package io.jacos.persistence;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Properties;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The connections of the store: our own HikariCP pool over the bundled H2 or PostgreSQL driver (as Nacos pools
 * them), or the server's datasource found by JNDI. Closing gives back what we opened and nothing of the
 * server's: the pool, and with it the last H2 connection, which closes the database and frees its file lock.
 */
final class StorageDataSource implements AutoCloseable {

    /** Thread names start with it, so the undeploy checks see the pool's threads too. */
    static final String POOL_NAME = "jacos-db";

    private final DataSource dataSource;
    private final HikariDataSource pool;
    private final BundledH2 h2;

    private StorageDataSource(DataSource dataSource, HikariDataSource pool, BundledH2 h2) {
        this.dataSource = dataSource;
        this.pool = pool;
        this.h2 = h2;
    }

    static StorageDataSource open(StorageConfig config, ThreadFactory threads) {
        if (config.kind() == StorageConfig.Kind.JNDI) {
            try {
                return new StorageDataSource(InitialContext.doLookup(config.jndiName()), null, null);
            } catch (NamingException e) {
                throw new IllegalStateException("no datasource under JNDI name " + config.jndiName(), e);
            }
        }
        HikariConfig poolConfig = poolConfig(config);
        if (threads != null) {
            poolConfig.setThreadFactory(named(threads));
        }
        BundledH2 h2 = null;
        if (config.kind() == StorageConfig.Kind.H2) {
            h2 = BundledH2.load();
            poolConfig.setDataSource(h2.dataSource(config.url(), config.user(), config.password()));
        } else {
            // Our own driver class, loaded through the WAR: DriverManager sees only drivers of the server's class path.
            poolConfig.setJdbcUrl(config.url());
            poolConfig.setUsername(config.user());
            poolConfig.setPassword(config.password());
            poolConfig.setDriverClassName("org.postgresql.Driver");
        }
        try {
            HikariDataSource pool = new HikariDataSource(poolConfig);
            return new StorageDataSource(pool, pool, h2);
        } catch (RuntimeException e) {
            if (h2 != null) {
                h2.close();
            }
            throw e;
        }
    }

    /** Defaults close to Nacos's, then whatever {@code db.pool.config.*} says (HikariCP's own property names). */
    static HikariConfig poolConfig(StorageConfig config) {
        Properties properties = new Properties();
        properties.setProperty("connectionTimeout", "30000");
        properties.setProperty("validationTimeout", "10000");
        properties.setProperty("maximumPoolSize", config.kind() == StorageConfig.Kind.H2 ? "4" : "20");
        properties.setProperty("minimumIdle", "2");
        properties.putAll(config.pool());
        HikariConfig hikari = new HikariConfig(properties);
        hikari.setPoolName(POOL_NAME);
        // Fail at start with the driver's own reason rather than on the first write.
        hikari.setInitializationFailTimeout(1);
        return hikari;
    }

    /** The container's threads, named like the pool's own so the undeploy checks still tell them apart. */
    private static ThreadFactory named(ThreadFactory threads) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = threads.newThread(task);
            thread.setName(POOL_NAME + "-" + count.incrementAndGet());
            return thread;
        };
    }

    DataSource dataSource() {
        return dataSource;
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
        if (h2 != null) {
            h2.close();
        }
        deregisterOwnDrivers();
    }

    /**
     * The bundled drivers register themselves with DriverManager when loaded, which would keep the undeployed
     * application's class loader reachable; take out those our class loader loaded, and no other.
     */
    private static void deregisterOwnDrivers() {
        ClassLoader own = StorageDataSource.class.getClassLoader();
        for (Driver driver : Collections.list(DriverManager.getDrivers())) {
            if (driver.getClass().getClassLoader() == own) {
                try {
                    DriverManager.deregisterDriver(driver);
                } catch (SQLException | SecurityException e) {
                    // Leaves only a class loader reference behind; nothing to undo.
                }
            }
        }
    }
}
