package io.jacos.persistence;

import io.jacos.settings.ServerClusterSettingNames;
import io.jacos.settings.Setting;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static io.jacos.settings.StorageSettingNames.JNDI_NAME;
import static io.jacos.settings.StorageSettingNames.JPA_PROVIDER;
import static io.jacos.settings.StorageSettingNames.OLD_PASSWORD;
import static io.jacos.settings.StorageSettingNames.OLD_PLATFORM;
import static io.jacos.settings.StorageSettingNames.OLD_USER;
import static io.jacos.settings.StorageSettingNames.PASSWORD;
import static io.jacos.settings.StorageSettingNames.PLATFORM;
import static io.jacos.settings.StorageSettingNames.URL;
import static io.jacos.settings.StorageSettingNames.USER;

/**
 * The storage settings, read through MicroProfile Config with Nacos's own names where Nacos has them, so an
 * existing Nacos {@code application.properties} (as system properties or environment variables) points Jacos
 * at the same PostgreSQL: {@code spring.sql.init.platform} (or the older {@code spring.datasource.platform}),
 * {@code db.url.0}, {@code db.user.0}, {@code db.password.0}, {@code db.pool.config.*}. A JNDI name wins
 * over both; with neither, the embedded H2 under {@code ${nacos.home}/data}.
 */
@ApplicationScoped
public class StorageSettings {

    static final String POOL_PREFIX = "db.pool.config.";

    private Config config;

    /** For the container's proxy. */
    protected StorageSettings() {
    }

    @Inject
    public StorageSettings(Config config) {
        this.config = config;
    }

    public StorageConfig read() {
        Optional<String> jndi = text(JNDI_NAME);
        Optional<String> provider = text(JPA_PROVIDER);
        StorageConfig chosen;
        if (jndi.isPresent()) {
            chosen = StorageConfig.jndi(jndi.get());
        } else if (platform().isEmpty() || platform().get().equals("h2") || platform().get().equals("derby")) {
            chosen = StorageConfig.h2(nacosHome().resolve("data"));
        } else if (platform().get().equals("postgresql")) {
            chosen = StorageConfig.postgresql(required(URL),
                    text(USER).or(() -> text(OLD_USER)).orElse(""),
                    text(PASSWORD).or(() -> text(OLD_PASSWORD)).orElse(""), pool());
        } else {
            throw new IllegalStateException("spring.sql.init.platform=" + platform().get()
                    + " is not supported: leave it unset for the embedded H2, or set postgresql");
        }
        return provider.map(chosen::withProvider).orElse(chosen);
    }

    /** {@code nacos.home}, as in Nacos: {@code ${user.home}/nacos} unless set. */
    Path nacosHome() {
        return text(ServerClusterSettingNames.NACOS_HOME).map(Path::of).orElseGet(() -> Path.of(System.getProperty("user.home"), "nacos"));
    }

    private Optional<String> platform() {
        return text(PLATFORM).or(() -> text(OLD_PLATFORM))
                .map(value -> value.toLowerCase(Locale.ROOT));
    }

    private Map<String, String> pool() {
        Map<String, String> pool = new HashMap<>();
        for (String name : config.getPropertyNames()) {
            if (name.startsWith(POOL_PREFIX)) {
                text(name).ifPresent(value -> pool.put(name.substring(POOL_PREFIX.length()), value));
            }
        }
        return pool;
    }

    private String required(Setting setting) {
        return text(setting).orElseThrow(() -> new IllegalStateException(setting.name() + " must be set for PostgreSQL"));
    }

    private Optional<String> text(Setting setting) {
        return text(setting.name());
    }

    private Optional<String> text(String name) {
        return config.getOptionalValue(name, String.class).map(String::trim).filter(value -> !value.isEmpty());
    }
}
