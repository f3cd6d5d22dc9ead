package io.jacos.event;

import io.jacos.registry.model.ClientId;
import io.jacos.registry.model.ServiceKey;

/** A client no longer publishes anything in a service. */
public record InstanceDeregistered(ClientId client, ServiceKey service) {
}
