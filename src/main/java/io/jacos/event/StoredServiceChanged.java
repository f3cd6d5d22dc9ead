package io.jacos.event;

import io.jacos.model.ServiceKey;

import java.util.Objects;

/**
 * This node committed a write of the service to the shared store (its settings, a cluster's settings, a
 * persistent instance or its health verdict) and showed it in its own indexes. Peers re-read the service.
 */
public record StoredServiceChanged(ServiceKey service) {

    public StoredServiceChanged {
        Objects.requireNonNull(service, "service");
    }
}
