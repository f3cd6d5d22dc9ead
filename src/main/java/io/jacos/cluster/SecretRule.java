package io.jacos.cluster;

import java.util.Optional;
import java.util.logging.Logger;

/**
 * When a cluster node may start, as to its secret: with auth on it must have one (else anyone who reaches the
 * cluster port could join and write what auth refuses over HTTP and gRPC); a secret must be long enough to
 * resist an offline guess; with auth off and no secret the node starts, warned that its cluster traffic is open.
 * There is no default secret: a default would be known to everyone.
 */
final class SecretRule {

    private static final Logger LOG = Logger.getLogger(SecretRule.class.getName());

    static final String NO_SECRET = "Cluster mode with nacos.core.auth.enabled=true needs a cluster secret: set "
            + "jacos.cluster.secret (environment JACOS_CLUSTER_SECRET) to the same value, at least "
            + ClusterKeys.MIN_SECRET_LENGTH + " characters, on every node. Without it any process that reaches the"
            + " cluster port could join and change the registry. There is no default secret.";

    private SecretRule() {
    }

    /** The secret to derive keys from, or none (auth off, no secret); throws when the node must not start. */
    static Optional<String> check(Optional<String> secret, boolean authEnabled) {
        if (secret.isEmpty()) {
            if (authEnabled) {
                throw new IllegalStateException(NO_SECRET);
            }
            LOG.warning("Cluster mode without jacos.cluster.secret: the nodes' cluster traffic is neither "
                    + "authenticated nor encrypted; set it (the same on every node) unless the cluster network is "
                    + "private. With nacos.core.auth.enabled=true it is required.");
            return Optional.empty();
        }
        if (secret.get().length() < ClusterKeys.MIN_SECRET_LENGTH) {
            throw new IllegalStateException("jacos.cluster.secret is shorter than " + ClusterKeys.MIN_SECRET_LENGTH
                    + " characters; use a long random value, the same on every node (e.g. openssl rand -base64 32).");
        }
        return secret;
    }
}
