package io.jacos.infrastructure;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@DisplayName("${nacos.home}/conf/application.properties as a config source")
class HomeConfigSourceTest {

    @TempDir
    Path home;

    private void write(String text) throws IOException {
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf").resolve("application.properties"), text, StandardCharsets.UTF_8);
    }

    @Test
    @DisplayName("the file's settings, each value without its surrounding blanks; comments are not settings")
    void readsTheFile() throws IOException {
        write("""
                # the HTTP port
                server.port=18848
                #jacos.push.workers=0
                jacos.naming.cache-millis = 4000\t
                nacos.core.auth.plugin.nacos.token.secret.key=Zé-secret
                db.password.0=
                """);
        HomeConfigSource source = new HomeConfigSource(home);

        assertEquals(Map.of("server.port", "18848", "jacos.naming.cache-millis", "4000",
                "nacos.core.auth.plugin.nacos.token.secret.key", "Zé-secret", "db.password.0", ""), source.getProperties());
        assertEquals("4000", source.getValue("jacos.naming.cache-millis"));
        assertNull(source.getValue("jacos.push.workers"));
        assertEquals(Set.of("server.port", "jacos.naming.cache-millis", "nacos.core.auth.plugin.nacos.token.secret.key",
                "db.password.0"), source.getPropertyNames());
        assertTrue(source.getName().contains(home.resolve("conf").resolve("application.properties").toString()),
                source.getName());
    }

    @Test
    @DisplayName("below system properties (400) and environment variables (300), above the WAR's defaults (100)")
    void ordinal() throws IOException {
        write("config_ordinal=900\n");
        int ordinal = new HomeConfigSource(home).getOrdinal();
        assertEquals(250, ordinal);
        assertTrue(ordinal < 300 && ordinal > 100);
    }

    @Test
    @DisplayName("no file: no settings")
    void noFile() {
        HomeConfigSource source = new HomeConfigSource(home);
        assertEquals(Map.of(), source.getProperties());
        assertNull(source.getValue("server.port"));
    }

    @Test
    @DisplayName("nacos.home in the file is not served: the file is found through it")
    void homeIsNotMovedByTheFile() throws IOException {
        write("nacos.home=/elsewhere\nserver.port=9000\n");
        HomeConfigSource source = new HomeConfigSource(home);
        assertNull(source.getValue("nacos.home"));
        assertEquals(Set.of("server.port"), source.getPropertyNames());
    }

    @Test
    @DisplayName("a file that cannot be read stops the start with its path and the reason")
    void unreadable() throws IOException {
        write("jacos.udp.port=\\u12\n");
        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> new HomeConfigSource(home));
        assertTrue(failure.getMessage().startsWith("cannot read " + home.resolve("conf").resolve("application.properties")),
                failure.getMessage());
    }

    @Test
    @DisplayName("the home: the system property nacos.home, else NACOS_HOME, else ${user.home}/nacos; blank means unset")
    void home() {
        Map<String, String> properties = Map.of("nacos.home", "/opt/jacos", "user.home", "/home/op");
        Map<String, String> environment = Map.of("NACOS_HOME", "/srv/jacos");

        assertEquals(Path.of("/opt/jacos"), HomeConfigSource.home(properties::get, environment::get));
        assertEquals(Path.of("/srv/jacos"), HomeConfigSource.home(Map.of("nacos.home", " ", "user.home", "/home/op")::get,
                environment::get));
        assertEquals(Path.of("/home/op", "nacos"), HomeConfigSource.home(Map.of("user.home", "/home/op")::get,
                Map.<String, String>of()::get));
    }
}
