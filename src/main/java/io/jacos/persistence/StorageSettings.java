package io.jacos.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

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

    @Inject
    Config config;

    public StorageConfig read() {
        Optional<String> jndi = text("jacos.db.jndi-name");
        Optional<String> provider = text("jacos.db.jpa-provider");
        StorageConfig chosen;
        if (jndi.isPresent()) {
            chosen = StorageConfig.jndi(jndi.get());
        } else if (platform().isEmpty() || platform().get().equals("h2") || platform().get().equals("derby")) {
            chosen = StorageConfig.h2(nacosHome().resolve("data"));
        } else if (platform().get().equals("postgresql")) {
            chosen = StorageConfig.postgresql(required("db.url.0"),
                    text("db.user.0").or(() -> text("db.user")).orElse(""),
                    text("db.password.0").or(() -> text("db.password")).orElse(""), pool());
        } else {
            throw new IllegalStateException("spring.sql.init.platform=" + platform().get()
                    + " is not supported: leave it unset for the embedded H2, or set postgresql");
        }
        return provider.map(chosen::withProvider).orElse(chosen);
    }

    /** {@code nacos.home}, as in Nacos: {@code ${user.home}/nacos} unless set. */
    Path nacosHome() {
        return text("nacos.home").map(Path::of).orElseGet(() -> Path.of(System.getProperty("user.home"), "nacos"));
    }

    private Optional<String> platform() {
        return text("spring.sql.init.platform").or(() -> text("spring.datasource.platform"))
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

    private String required(String name) {
        return text(name).orElseThrow(() -> new IllegalStateException(name + " must be set for PostgreSQL"));
    }

    private Optional<String> text(String name) {
        return config.getOptionalValue(name, String.class).map(String::trim).filter(value -> !value.isEmpty());
    }
}
