package io.jacos.infrastructure;

import org.eclipse.microprofile.config.spi.ConfigSource;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The operator's {@code ${nacos.home}/conf/application.properties}, where a Nacos distribution keeps its settings,
 * as a MicroProfile Config source. System properties (400) and environment variables (300) override it; it
 * overrides the WAR's own defaults (100). Found by the container through {@code META-INF/services}, so the same
 * file works on Payara Micro, Payara Server and WildFly. No file: no values.
 *
 * <p>Read once, when the container builds the application's config: the server reads each setting once at start.
 */
public final class HomeConfigSource implements ConfigSource {

    static final int ORDINAL = 250;
    static final String HOME = "nacos.home";
    static final String HOME_ENV = "NACOS_HOME";

    private final Path file;
    private final Map<String, String> values;

    /** For the container's service loader: the home from the system property, else the environment, else Nacos's default. */
    public HomeConfigSource() {
        this(home(System::getProperty, System::getenv));
    }

    /** The file of this home; throws, naming the file, when it exists but cannot be read. */
    HomeConfigSource(Path home) {
        this.file = home.resolve("conf").resolve("application.properties");
        this.values = load(file);
    }

    /** {@code nacos.home} as the rest of the server resolves it when nothing else sets it: {@code ${user.home}/nacos}. */
    static Path home(UnaryOperator<String> systemProperties, UnaryOperator<String> environment) {
        String home = blankToNull(systemProperties.apply(HOME));
        if (home == null) {
            home = blankToNull(environment.apply(HOME_ENV));
        }
        return home != null ? Path.of(home) : Path.of(systemProperties.apply("user.home"), "nacos");
    }

    private static Map<String, String> load(Path file) {
        if (!Files.isRegularFile(file)) {
            return Map.of();
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot read " + file + ": " + e, e);
        }
        Map<String, String> read = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            // The file is found through nacos.home: a value here would move data and cluster.conf away from it.
            if (!name.equals(HOME)) {
                // Trailing blanks in a hand-edited file are accidents, and would make a number unreadable.
                read.put(name, properties.getProperty(name).strip());
            }
        }
        return Map.copyOf(read);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    @Override
    public Set<String> getPropertyNames() {
        return values.keySet();
    }

    @Override
    public Map<String, String> getProperties() {
        return values;
    }

    @Override
    public String getValue(String propertyName) {
        return values.get(propertyName);
    }

    @Override
    public String getName() {
        return "jacos home properties " + file;
    }

    /** Fixed: a {@code config_ordinal} in the file must not lift it above the command line or the environment. */
    @Override
    public int getOrdinal() {
        return ORDINAL;
    }
}
