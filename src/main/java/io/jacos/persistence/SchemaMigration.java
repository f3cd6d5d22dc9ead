package io.jacos.persistence;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.output.MigrateResult;
import org.flywaydb.core.api.resource.LoadableResource;

import javax.sql.DataSource;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Creates and upgrades the schema with Flyway, the same versioned scripts on H2 and PostgreSQL. The scripts are
 * listed here rather than found by scanning: scanning a WAR's class path differs per server (WildFly serves
 * {@code vfs:} URLs, Payara jar and directory URLs), while loading a named resource works on all of them.
 * A new migration is a new file in {@code src/main/resources/db/jacos} AND a new entry in {@link #SCRIPTS}
 * (a unit test checks that the two agree).
 */
final class SchemaMigration {

    static final String LOCATION = "db/jacos/";
    static final List<String> SCRIPTS = List.of("V1__naming_tables.sql", "V2__namespaces.sql",
            "V3__auth.sql", "V4__config.sql", "V5__config_gray.sql", "V6__config_content_text.sql",
            "V7__auth_resource_permission.sql");

    private SchemaMigration() {
    }

    /** Migrates to the newest version; a database already there is left as it is. */
    static MigrateResult migrate(DataSource dataSource) {
        ClassLoader loader = SchemaMigration.class.getClassLoader();
        return Flyway.configure(loader)
                .dataSource(dataSource)
                .resourceProvider(new Listed(loader))
                .javaMigrationClassProvider(List::of)
                .failOnMissingLocations(false)
                .load()
                .migrate();
    }

    /** The listed scripts, read from the class loader on demand. */
    private record Listed(ClassLoader loader) implements ResourceProvider {

        @Override
        public LoadableResource getResource(String name) {
            return SCRIPTS.contains(name) ? new Script(loader, name) : null;
        }

        @Override
        public Collection<LoadableResource> getResources(String prefix, String[] suffixes) {
            return SCRIPTS.stream()
                    .filter(name -> name.startsWith(prefix) && Arrays.stream(suffixes).anyMatch(name::endsWith))
                    .map(name -> (LoadableResource) new Script(loader, name))
                    .toList();
        }
    }

    private static final class Script extends LoadableResource {

        private final ClassLoader loader;
        private final String name;

        Script(ClassLoader loader, String name) {
            this.loader = loader;
            this.name = name;
        }

        @Override
        public Reader read() {
            InputStream in = loader.getResourceAsStream(LOCATION + name);
            if (in == null) {
                throw new UncheckedIOException(new java.io.FileNotFoundException("migration " + LOCATION + name
                        + " is listed but not packaged"));
            }
            return new InputStreamReader(in, StandardCharsets.UTF_8);
        }

        @Override
        public String getAbsolutePath() {
            return LOCATION + name;
        }

        @Override
        public String getAbsolutePathOnDisk() {
            return LOCATION + name;
        }

        @Override
        public String getFilename() {
            return name;
        }

        @Override
        public String getRelativePath() {
            return name;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Script s && name.equals(s.name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name);
        }
    }
}
