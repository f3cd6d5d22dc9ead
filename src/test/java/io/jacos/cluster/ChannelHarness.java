package io.jacos.cluster;

import io.jacos.model.NodeId;
import org.jgroups.JChannel;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Real JGroups channels on loopback, built by {@link JGroupsStack} with short timings, each with its own
 * tracker and recording inbox. The node's port is its JGroups port (offset 0) so free ports can be picked.
 */
class ChannelHarness implements AutoCloseable {

    record Node(NodeId id, JChannel channel, ViewTracker tracker, RecordingInbox inbox, Optional<PayloadSeal> seal) {

        /** What {@link ClusterConnection#send} would put on the wire: sealed when the node has a secret. */
        byte[] wire(byte[] payload) {
            return seal.isPresent() ? seal.get().seal(payload) : payload;
        }
    }

    private final List<Node> started = new ArrayList<>();

    static NodeId freeNode() throws IOException {
        // FD_SOCK2 takes the next port too, so both must be free. Ports are drawn below the kernel's ephemeral range
        // (32768 up), where any outgoing connection on the machine could take one between this look and the bind,
        // and above the fixed ports the integration tests use.
        for (int attempt = 0; attempt < 50; attempt++) {
            int port = 24_000 + ThreadLocalRandom.current().nextInt(8_000);
            if (isFree(port) && isFree(port + 1)) {
                return new NodeId("127.0.0.1", port);
            }
        }
        throw new IllegalStateException("no two adjacent free ports on loopback");
    }

    private static boolean isFree(int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static ClusterPlan plan(NodeId self, List<NodeId> configured, String clusterName) {
        return new ClusterPlan(true, self, configured, clusterName, "127.0.0.1", 0, 1,
                ClusterPlan.Discovery.STATIC, Optional.empty(), 2000, 300, 600, 500, 100);
    }

    Node start(NodeId self, List<NodeId> configured, String clusterName) throws Exception {
        return start(self, configured, clusterName, Optional.empty());
    }

    /** A node whose stack encrypts and authenticates with the keys, when given. */
    Node start(NodeId self, List<NodeId> configured, String clusterName, Optional<ClusterKeys> keys)
            throws Exception {
        RecordingInbox inbox = new RecordingInbox();
        Optional<PayloadSeal> seal = keys.map(ClusterKeys::payloadSeal);
        ViewTracker tracker = new ViewTracker(self, inbox, seal);
        ClusterPlan plan = plan(self, configured, clusterName);
        JChannel channel = JGroupsStack.channel(plan, new SuspectWatch(), keys);
        channel.setReceiver(tracker);
        channel.connect(plan.clusterName());
        Node node = new Node(self, channel, tracker, inbox, seal);
        started.add(node);
        return node;
    }

    @Override
    public void close() {
        started.forEach(node -> node.channel().close());
    }
}
