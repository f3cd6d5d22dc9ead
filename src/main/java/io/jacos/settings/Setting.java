package io.jacos.settings;

import org.eclipse.microprofile.config.Config;

import java.util.Objects;
import java.util.Optional;

/**
 * One setting as the code reads it: its name (Nacos's where Nacos has the same setting) and the default the code
 * applies when nothing is configured ({@code null}: none, or one computed at run time).
 */
public record Setting(String name, String defaultValue) {

    public Setting {
        Objects.requireNonNull(name, "name");
    }

    /** A setting without a fixed default. */
    public static Setting withoutDefault(String name) {
        return new Setting(name, null);
    }

    long longValue(Config config) {
        return config.getOptionalValue(name, Long.class).orElseGet(() -> Long.parseLong(defaultValue));
    }

    int intValue(Config config) {
        return config.getOptionalValue(name, Integer.class).orElseGet(() -> Integer.parseInt(defaultValue));
    }

    double doubleValue(Config config) {
        return config.getOptionalValue(name, Double.class).orElseGet(() -> Double.parseDouble(defaultValue));
    }

    boolean booleanValue(Config config) {
        return config.getOptionalValue(name, Boolean.class).orElseGet(() -> Boolean.parseBoolean(defaultValue));
    }

    Optional<Integer> optionalInt(Config config) {
        return config.getOptionalValue(name, Integer.class);
    }

    Optional<String> optionalText(Config config) {
        return config.getOptionalValue(name, String.class);
    }
}
