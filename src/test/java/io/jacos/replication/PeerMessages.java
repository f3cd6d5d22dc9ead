package io.jacos.replication;

import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.NodeId;
import io.jacos.model.ServiceKey;
import io.jacos.registry.client.ClientSnapshot;
import io.jacos.replication.ReplicationMessage.ClientCopy;
import io.jacos.replication.ReplicationMessage.ClientGone;
import io.jacos.replication.ReplicationMessage.Digest;
import io.jacos.replication.ReplicationMessage.FullSync;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Messages as peers send them, with little noise: each client publishes one instance of one service. */
final class PeerMessages {

    static final NodeId SELF = new NodeId("10.0.0.1", 8848);
    static final NodeId PEER = new NodeId("10.0.0.2", 8848);
    static final NodeId OTHER = new NodeId("10.0.0.3", 8848);
    static final ServiceKey ORDERS = new ServiceKey("public", "DEFAULT_GROUP", "orders");

    private PeerMessages() {
    }

    static ClientId client(String id) {
        return new ClientId(id);
    }

    static ClientSnapshot snapshot(NodeId owner, String client) {
        Instance instance = new Instance("1.1.1.1#80#DEFAULT#DEFAULT_GROUP@@orders", "1.1.1.1", 80, 1.0, true, true,
                true, Instance.DEFAULT_CLUSTER, Map.of());
        return new ClientSnapshot(client(client), ClientKind.CONNECTION, owner.address(),
                Map.of(ORDERS, List.of(instance)), Map.of());
    }

    static ClientCopy copy(NodeId owner, long epoch, long revision, String client) {
        return new ClientCopy(owner, epoch, revision, snapshot(owner, client));
    }

    static ClientGone gone(NodeId owner, long epoch, long revision, String client) {
        return new ClientGone(owner, epoch, revision, client(client));
    }

    static FullSync fullSync(NodeId owner, long epoch, ClientCopy... copies) {
        return new FullSync(owner, epoch, List.of(copies), copies.length);
    }

    /** A digest listing clients and revisions as alternating arguments: {@code "a", 1L, "b", 4L}. */
    static Digest digest(NodeId owner, long epoch, Object... clientsAndRevisions) {
        Map<ClientId, Long> revisions = new HashMap<>();
        for (int i = 0; i < clientsAndRevisions.length; i += 2) {
            revisions.put(client((String) clientsAndRevisions[i]), (Long) clientsAndRevisions[i + 1]);
        }
        return new Digest(owner, epoch, revisions, revisions.size());
    }
}
