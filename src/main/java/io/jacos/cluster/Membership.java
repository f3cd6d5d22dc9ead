package io.jacos.cluster;

import io.jacos.infrastructure.HostServer;
import io.jacos.model.NodeId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/** PLACEHOLDER until the JGroups membership lands: a standalone node on 127.0.0.1. */
@ApplicationScoped
public class Membership implements ClusterMembers {

    @Inject
    HostServer host;

    @Override
    public boolean clusterMode() {
        return false;
    }

    @Override
    public NodeId self() {
        return new NodeId("127.0.0.1", host.mainPort());
    }

    @Override
    public List<NodeId> members() {
        return List.of(self());
    }

    @Override
    public List<NodeState> nodes() {
        return List.of(new NodeState(self(), NodeState.Status.UP));
    }
}
