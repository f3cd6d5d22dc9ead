package io.jacos.infrastructure;

import java.util.Optional;

/**
 * The secret every node of a cluster is given ({@code jacos.cluster.secret}), for what must be the same on
 * every node and unknown to anyone else: the cluster's own traffic and the key that signs access tokens.
 * Implemented by the cluster package, which knows whether this server runs as a cluster node.
 */
public interface ClusterSecret {

    /** Whether this server runs as a node of a cluster (not standalone). */
    boolean clusterMode();

    /** The secret, when one is set; never a default. */
    Optional<String> value();
}
