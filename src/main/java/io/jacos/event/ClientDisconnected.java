package io.jacos.event;

import io.jacos.model.ClientId;

/** A client and everything it published and subscribed to are gone from the registry. */
public record ClientDisconnected(ClientId client) {
}
