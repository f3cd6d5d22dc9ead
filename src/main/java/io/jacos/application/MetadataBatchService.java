package io.jacos.application;

import io.jacos.application.InstanceAdminService.PublishedInstance;
import io.jacos.model.ChangeOrigin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Metadata of several instances of one service changed in one call (Nacos's {@code /instance/metadata/batch}),
 * all or none: every instance named must exist, every result must be metadata the rules accept, no ephemeral
 * instance may be another node's, and there must be room to keep the edits of ephemeral ones, before any is
 * changed. Each instance is then edited as an operator's edit ({@link InstanceAdminService#edit}): stored when
 * persistent, kept while it lives when ephemeral, and pushed.
 */
public interface MetadataBatchService {

    /**
     * @param targets the instances by cluster (blank: {@code DEFAULT}), ip and port; empty: every instance of the
     *                service. At most {@code jacos.naming.max-instances-per-batch} either way (400).
     * @return the instances as changed, in the order named (by cluster, ip and port when all)
     * @throws io.jacos.model.RegistryException 404 for an unknown service or the first instance not found, 400 for
     *                                          a result the metadata rules refuse, 409 for another node's ephemeral
     *                                          instance, 503 when no room is left to keep edits
     */
    List<PublishedInstance> change(ServiceRef service, List<InstanceAddress> targets, MetadataChange change,
                                   ChangeOrigin origin);

    /** An instance as the batch names it. */
    record InstanceAddress(String cluster, String ip, Integer port) {
    }

    /** Entries to add or replace, or ({@code remove}) whose keys to take out; other keys stay as they are. */
    record MetadataChange(Map<String, String> entries, boolean remove) {

        public MetadataChange {
            entries = Map.copyOf(entries);
        }

        public Map<String, String> applyTo(Map<String, String> metadata) {
            Map<String, String> changed = new LinkedHashMap<>(metadata);
            if (remove) {
                changed.keySet().removeAll(entries.keySet());
            } else {
                changed.putAll(entries);
            }
            return changed;
        }
    }
}
