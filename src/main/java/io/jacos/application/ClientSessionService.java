package io.jacos.application;

import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;

/** A client's life in the registry: known from its handshake until its transport ends or it is evicted. */
public interface ClientSessionService {

    void connected(ClientId client, ClientKind kind);

    boolean isConnected(ClientId client);

    /** Drops the client with everything it published and subscribed; subscribers are told. */
    void disconnected(ClientId client);
}
