package io.jacos.event;

import io.jacos.model.ServiceKey;

/** The instance list of a service changed; {@code revision} is the revision of the new state. */
public record ServiceChanged(ServiceKey service, long revision) {
}
