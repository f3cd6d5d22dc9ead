package io.jacos.event;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;

/** A client now publishes (new or replaced) instances in a service. */
public record InstanceRegistered(ClientId client, ServiceKey service) {
}
