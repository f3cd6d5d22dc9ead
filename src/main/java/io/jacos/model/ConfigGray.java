package io.jacos.model;

import java.util.Objects;

/**
 * A gray version of a configuration: its rule and its content, stored beside the formal version and never
 * instead of it. {@code entry} holds the gray content with its md5; its revision is the history id of the gray
 * version's last change.
 */
public record ConfigGray(GrayRule rule, ConfigEntry entry) {

    public ConfigGray {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(entry, "entry");
    }

    public String name() {
        return rule.name();
    }
}
