package io.jacos.event;

import io.jacos.registry.model.ClientId;
import io.jacos.registry.model.ClientKind;

/** A client is now known to the registry. */
public record ClientConnected(ClientId client, ClientKind kind) {
}
