package io.jacos.event;

import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;

/** A client is now known to the registry. */
public record ClientConnected(ClientId client, ClientKind kind) {
}
