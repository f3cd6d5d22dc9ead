package io.jacos.application;

import io.jacos.application.validation.InstanceMetadata;
import io.jacos.application.validation.Weight;
import io.jacos.model.Instance;

import java.util.Map;

/**
 * An operator's edit of one instance: each field given replaces the instance's own, a missing one leaves it.
 * Metadata, when given, replaces the whole map. The annotations are the Nacos rules; the configured metadata size
 * limit is checked after them.
 */
public record InstanceEdit(@Weight Double weight, Boolean enabled, @InstanceMetadata Map<String, String> metadata) {

    public InstanceEdit {
        metadata = metadata == null ? null : Map.copyOf(metadata);
    }

    /** The instance with this edit's fields in place of its own. */
    public Instance applyTo(Instance instance) {
        return new Instance(instance.instanceId(), instance.ip(), instance.port(),
                weight == null ? instance.weight() : weight, instance.healthy(),
                enabled == null ? instance.enabled() : enabled, instance.ephemeral(), instance.clusterName(),
                metadata == null ? instance.metadata() : metadata);
    }

    /** A later edit over this one: its given fields win, the rest of this one stays. */
    public InstanceEdit then(InstanceEdit later) {
        return new InstanceEdit(later.weight == null ? weight : later.weight,
                later.enabled == null ? enabled : later.enabled, later.metadata == null ? metadata : later.metadata);
    }

    public boolean isEmpty() {
        return weight == null && enabled == null && metadata == null;
    }
}
