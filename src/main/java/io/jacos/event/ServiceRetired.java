package io.jacos.event;

import io.jacos.model.ServiceKey;

/** A service without instances and subscribers was dropped; caches keyed by it can let go of it. */
public record ServiceRetired(ServiceKey service) {
}
