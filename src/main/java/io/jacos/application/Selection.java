package io.jacos.application;

import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;

import java.util.List;

/**
 * The instances a reader gets for a service after cluster, enabled, healthy-only and protect-threshold
 * filtering, at the registry revision they were taken from.
 */
public record Selection(ServiceKey service, long revision, long changedAtMillis, String clusters,
                        boolean healthyOnly, List<Instance> hosts, boolean reachProtectionThreshold) {
}
