package io.jacos.model;

import java.util.Objects;

/**
 * A service's instance selector, as Nacos stores it: {@code none}, or {@code label} with an expression such as
 * {@code CONSUMER.label.zone = PROVIDER.label.zone}.
 */
public record Selector(String type, String expression) {

    public static final String TYPE_NONE = "none";
    public static final String TYPE_LABEL = "label";
    public static final Selector NONE = new Selector(TYPE_NONE, "");

    public Selector {
        type = Objects.requireNonNull(type, "type");
        expression = expression == null ? "" : expression;
    }

    public boolean isNone() {
        return TYPE_NONE.equals(type);
    }
}
