package io.jacos.cluster;

import io.jacos.model.NodeId;

import java.util.List;
import java.util.Optional;

/**
 * The membership settings, resolved once at start: whether this node is clustered, who it is, which nodes are
 * configured, and how its JGroups channel binds, discovers peers and detects failures. Times are in ms.
 *
 * @param configured    every configured node, this one included, sorted (empty beyond self with DNS discovery)
 * @param portOffset    JGroups TCP port = a node's main HTTP port + this, so every node derives its peers' ports
 * @param fdSockOffset  FD_SOCK2 listens on the JGroups port + this; 1 keeps nodes whose main ports differ by 10
 *                      or more clear of each other (gRPC is main + 1000, JGroups main + 1001)
 */
public record ClusterPlan(boolean clusterMode, NodeId self, List<NodeId> configured, String clusterName,
                          String bindAddress, int portOffset, int fdSockOffset, Discovery discovery,
                          Optional<String> dnsQuery, long suspectTimeoutMillis, long mergeMinMillis,
                          long mergeMaxMillis, long joinTimeoutMillis, int maxSendQueue) {

    /** How a starting node finds its peers. */
    public enum Discovery {
        /** TCPPING on every configured node's JGroups port. */
        STATIC,
        /** DNS_PING on the A records of {@code jacos.cluster.dns-query} (a Kubernetes headless service). */
        DNS
    }

    public ClusterPlan {
        configured = configured.stream().distinct().sorted().toList();
        if (discovery == Discovery.DNS && clusterMode && dnsQuery.isEmpty()) {
            throw new IllegalArgumentException("jacos.cluster.discovery=dns needs jacos.cluster.dns-query");
        }
        if (mergeMinMillis <= 0 || mergeMaxMillis <= mergeMinMillis) {
            throw new IllegalArgumentException("jacos.cluster.merge-interval needs 0 < min < max, not "
                    + mergeMinMillis + "/" + mergeMaxMillis);
        }
    }

    /** The port a node's JGroups transport listens on. */
    public int clusterPort(NodeId node) {
        return node.port() + portOffset;
    }

    public int bindPort() {
        return clusterPort(self);
    }
}
