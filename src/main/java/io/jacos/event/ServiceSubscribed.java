package io.jacos.event;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;

/** A client subscribed to a service (or renewed its subscription). */
public record ServiceSubscribed(ClientId client, ServiceKey service) {
}
