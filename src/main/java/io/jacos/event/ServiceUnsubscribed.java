package io.jacos.event;

import io.jacos.registry.model.ClientId;
import io.jacos.registry.model.ServiceKey;

/** A client stopped subscribing to a service. */
public record ServiceUnsubscribed(ClientId client, ServiceKey service) {
}
