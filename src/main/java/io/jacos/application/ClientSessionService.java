package io.jacos.application;

import io.jacos.model.ChangeCause;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;

/** A client's life in the registry: known from its handshake until its transport ends or it is evicted. */
public interface ClientSessionService {

    void connected(ClientId client, ClientKind kind);

    boolean isConnected(ClientId client);

    /** Drops the client with everything it published and subscribed, for {@code cause}; subscribers are told. */
    void disconnected(ClientId client, ChangeCause cause);

    /**
     * The client was asked to move to another node (drain or rebalance). When its connection then closes, what
     * it published stays (here and on the peers) for the hand-off grace period instead of vanishing, so its
     * redo on the new node lands before anyone sees it gone.
     */
    void handingOff(ClientId client);
}
