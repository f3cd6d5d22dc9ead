package io.jacos.replication;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.NodeId;
import io.jacos.model.ServiceKey;
import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.BeforeEach;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Three nodes X, Y and Z in one view, where a client of X publishes two instances that every node holds. */
abstract class ThreeNodeTest {

    static final NodeId X = new NodeId("127.0.0.1", 1001);
    static final NodeId Y = new NodeId("127.0.0.1", 1002);
    static final NodeId Z = new NodeId("127.0.0.1", 1003);
    static final ServiceKey SERVICE = new ServiceKey("public", "DEFAULT_GROUP", "orders");
    static final ClientId CONNECTION = new ClientId("1700000000000_127.0.0.1_50000");

    final SteppedClock clock = new SteppedClock(1_000_000);
    final ReplicationNetwork network = new ReplicationNetwork();
    ReplicationNode x;
    ReplicationNode y;
    ReplicationNode z;

    @BeforeEach
    void threeNodesInOneViewHoldingAClientOfX() {
        List<ReplicationNode> nodes = network.startInOneView(clock, X, Y, Z);
        x = nodes.get(0);
        y = nodes.get(1);
        z = nodes.get(2);
        x.registry.connect(CONNECTION, ClientKind.CONNECTION, X.address());
        x.registry.publish(CONNECTION, SERVICE, List.of(instance(8080), instance(8081)), ChangeOrigin.client(CONNECTION));
        network.pump();
        assertEquals(2, y.registry.reader().view(SERVICE).instances().size());
        assertEquals(2, z.registry.reader().view(SERVICE).instances().size());
    }

    static Instance instance(int port) {
        return new Instance(Instance.simpleId("10.0.0.1", port, "DEFAULT", SERVICE), "10.0.0.1", port, 1.0, true,
                true, true, "DEFAULT", Map.of());
    }
}
