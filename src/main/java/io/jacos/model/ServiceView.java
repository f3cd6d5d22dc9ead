package io.jacos.model;

import java.util.List;

/**
 * A consistent read of one service: every instance its publishers hold, at one revision. Readers get this
 * immutable snapshot, so a push or a query never sees half of a change. {@code changedAtMillis} is when this
 * revision was made on this node; it is the {@code lastRefTime} 1.x clients see, so it never goes back for a newer
 * revision (2.x answers carry their own time instead).
 */
public record ServiceView(ServiceKey key, long revision, long changedAtMillis, boolean ephemeral,
                          ServiceMeta meta, List<Instance> instances) {

    public ServiceView {
        meta = meta == null ? ServiceMeta.DEFAULT : meta;
        instances = List.copyOf(instances);
    }

    public float protectThreshold() {
        return meta.protectThreshold();
    }

    /**
     * The view of a service that does not exist. It carries the current time: clients drop a view whose
     * {@code lastRefTime} is older than the one they hold, so a constant would hide a removal from them.
     */
    public static ServiceView empty(ServiceKey key, long nowMillis) {
        return new ServiceView(key, 0, nowMillis, true, ServiceMeta.DEFAULT, List.of());
    }

}
