package io.jacos.persistence;

import io.jacos.testing.LocalPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

/**
 * Base of the store tests that run each case on both databases the store supports: an embedded H2 in a folder of
 * the test's, and a fresh database on one real PostgreSQL started for the class.
 */
abstract class OnH2AndPostgres {

    private static LocalPostgres postgres;

    @TempDir
    Path folder;

    @BeforeAll
    static void startPostgres() {
        postgres = LocalPostgres.start();
    }

    @AfterAll
    static void stopPostgres() {
        if (postgres != null) {
            postgres.close();
            postgres = null;
        }
    }

    /** A migrated store: a new H2 database, or a new database on the PostgreSQL. */
    Storage open(boolean h2) throws Exception {
        return Storage.open(h2 ? StorageConfig.h2(Files.createTempDirectory(folder, "h2").resolve("data"))
                : StorageConfig.postgresql(postgres.createDatabase("db_" + UUID.randomUUID().toString()
                .replace("-", "")), LocalPostgres.USER, "", Map.of("maximumPoolSize", "4")));
    }
}
