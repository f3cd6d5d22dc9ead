package io.jacos.application.internal;

import io.jacos.application.ClientSessionService;
import io.jacos.registry.Registry;
import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import jakarta.enterprise.context.ApplicationScoped;
import io.jacos.cluster.ClusterMembers;
import jakarta.inject.Inject;

@ApplicationScoped
public class DefaultClientSessionService implements ClientSessionService {

    private Registry registry;
    private ClusterMembers members;
    private HandedOffClients handedOff;

    /** For the container's proxy. */
    protected DefaultClientSessionService() {
    }

    @Inject
    public DefaultClientSessionService(Registry registry, ClusterMembers members, HandedOffClients handedOff) {
        this.registry = registry;
        this.members = members;
        this.handedOff = handedOff;
    }

    @Override
    public void connected(ClientId client, ClientKind kind) {
        registry.connect(client, kind, members.self().address());
    }

    @Override
    public boolean isConnected(ClientId client) {
        return registry.isConnected(client);
    }

    @Override
    public void disconnected(ClientId client, ChangeCause cause) {
        if (!handedOff.parkIfAsked(client)) {
            registry.disconnect(client, ChangeOrigin.of(cause, client));
        }
    }

    @Override
    public void handingOff(ClientId client) {
        handedOff.asked(client);
    }
}
