package io.jacos.application.internal;

import io.jacos.application.ClientSessionService;
import io.jacos.registry.Registry;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

@ApplicationScoped
public class DefaultClientSessionService implements ClientSessionService {

    /** Until clustering arrives every client is owned by this node. */
    static final String LOCAL_NODE = "local";

    @Inject
    Registry registry;

    @Override
    public void connected(ClientId client, ClientKind kind) {
        registry.connect(client, kind, LOCAL_NODE);
    }

    @Override
    public boolean isConnected(ClientId client) {
        return registry.isConnected(client);
    }

    @Override
    public void disconnected(ClientId client) {
        registry.disconnect(client);
    }
}
