/**
 * Cluster membership on JGroups: which nodes are configured, which are in the current view, who this node is,
 * and a byte-message link between nodes. It knows nothing of clients or instances; {@code replication} decides
 * what to send and implements {@link io.jacos.cluster.ClusterInbox}. May depend on {@code model},
 * {@code settings} and {@code infrastructure}.
 */
package io.jacos.cluster;
