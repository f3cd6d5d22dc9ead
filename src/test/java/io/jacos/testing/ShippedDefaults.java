package io.jacos.testing;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.eclipse.microprofile.config.spi.Converter;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * MicroProfile Config with nothing configured: a settings bean built on it reads every default it ships with, so a
 * test starts from the product's own values and overrides (in a subclass) only what it is about.
 */
public final class ShippedDefaults implements Config {

    @Override
    public <T> T getValue(String name, Class<T> type) {
        throw new NoSuchElementException(name);
    }

    @Override
    public ConfigValue getConfigValue(String name) {
        throw new UnsupportedOperationException();
    }

    @Override
    public <T> Optional<T> getOptionalValue(String name, Class<T> type) {
        return Optional.empty();
    }

    @Override
    public Iterable<String> getPropertyNames() {
        return List.of();
    }

    @Override
    public Iterable<ConfigSource> getConfigSources() {
        return List.of();
    }

    @Override
    public <T> Optional<Converter<T>> getConverter(Class<T> type) {
        return Optional.empty();
    }

    @Override
    public <T> T unwrap(Class<T> type) {
        throw new IllegalArgumentException(type.getName());
    }
}
