package io.jacos.persistence;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.eclipse.microprofile.config.spi.Converter;

import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/** MicroProfile Config over a map of strings: what {@link StorageSettings} reads, without a container. */
record MapConfig(Map<String, String> values) implements Config {

    @Override
    public <T> T getValue(String name, Class<T> type) {
        return getOptionalValue(name, type).orElseThrow(() -> new NoSuchElementException(name));
    }

    @Override
    public <T> Optional<T> getOptionalValue(String name, Class<T> type) {
        return Optional.ofNullable(values.get(name)).map(type::cast);
    }

    @Override
    public Iterable<String> getPropertyNames() {
        return values.keySet();
    }

    @Override
    public ConfigValue getConfigValue(String name) {
        throw new UnsupportedOperationException();
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
