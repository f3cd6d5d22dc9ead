package io.jacos.model;

import java.util.Map;
import java.util.Objects;

/**
 * What an operator sets on a service rather than on its instances: the protect threshold (share of healthy
 * instances at or below which every instance is served), free-form metadata, and the instance selector.
 * {@code declared} is false for a service only its clients made: as in Nacos, such a service has no settings,
 * so the protect threshold does not apply to it (a lone unhealthy instance is shown as unhealthy).
 */
public record ServiceMeta(float protectThreshold, Map<String, String> metadata, Selector selector, boolean declared) {

    public static final ServiceMeta DEFAULT = new ServiceMeta(0f, Map.of(), Selector.NONE, false);

    public ServiceMeta {
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
        selector = Objects.requireNonNullElse(selector, Selector.NONE);
    }

    /** Settings an operator gave. */
    public ServiceMeta(float protectThreshold, Map<String, String> metadata, Selector selector) {
        this(protectThreshold, metadata, selector, true);
    }
}
