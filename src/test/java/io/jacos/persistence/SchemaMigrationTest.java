package io.jacos.persistence;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@DisplayName("The schema migrations")
class SchemaMigrationTest {

    @Test
    @DisplayName("every migration script in db/jacos is listed, and packaged")
    void migrationsListed() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src/main/resources", SchemaMigration.LOCATION))) {
            assertEquals(files.map(p -> p.getFileName().toString()).collect(Collectors.toSet()),
                    Set.copyOf(SchemaMigration.SCRIPTS));
        }
        for (String script : SchemaMigration.SCRIPTS) {
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(SchemaMigration.LOCATION + script)) {
                assertTrue(in != null && in.read() > 0, script);
            }
        }
    }
}
