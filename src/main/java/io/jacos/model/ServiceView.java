package io.jacos.model;

import java.util.List;

/**
 * A consistent read of one service: every instance its publishers hold, at one revision. Readers get this
 * immutable snapshot, so a push or a query never sees half of a change. {@code changedAtMillis} is when this
 * revision was made; it is the {@code lastRefTime} clients see, so it never goes back for a newer revision.
 */
public record ServiceView(ServiceKey key, long revision, long changedAtMillis, boolean ephemeral,
                          float protectThreshold, List<Instance> instances) {

    public ServiceView {
        instances = List.copyOf(instances);
    }

    public static ServiceView empty(ServiceKey key) {
        return new ServiceView(key, 0, 0, true, 0f, List.of());
    }
}
