package io.jacos.model;

import java.util.Map;
import java.util.Objects;

/**
 * What an operator sets on a service rather than on its instances: the protect threshold (share of healthy
 * instances at or below which every instance is served), free-form metadata, and the instance selector.
 */
public record ServiceMeta(float protectThreshold, Map<String, String> metadata, Selector selector) {

    public static final ServiceMeta DEFAULT = new ServiceMeta(0f, Map.of(), Selector.NONE);

    public ServiceMeta {
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
        selector = Objects.requireNonNullElse(selector, Selector.NONE);
    }
}
