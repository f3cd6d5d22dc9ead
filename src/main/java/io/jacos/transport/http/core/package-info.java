/**
 * Nacos's core API under {@code /nacos/v1/core}, {@code /nacos/v2/core} and {@code /nacos/v3/admin/core/cluster}:
 * the cluster's member list and this node, in Nacos's member shape, so tooling and dashboards written for Nacos
 * read Jacos's cluster; and {@code /nacos/v3/admin/core/loader}, this node's SDK connections and moving them.
 * Errors are answered by the mappers of the API each path belongs to (v1 plain text, v2 and v3 envelope). May
 * depend on {@code cluster} (read-only membership), {@code application} and {@code balance} (the connections and
 * their rebalancing), the parent {@code transport.http} package and {@code v2}'s envelope.
 */
package io.jacos.transport.http.core;
