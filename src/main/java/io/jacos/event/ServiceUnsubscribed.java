package io.jacos.event;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;

/** A client stopped subscribing to a service. */
public record ServiceUnsubscribed(ClientId client, ServiceKey service) {
}
