package io.jacos.event;

import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;

/** A client no longer publishes anything in a service. */
public record InstanceDeregistered(ClientId client, ServiceKey service) {
}
