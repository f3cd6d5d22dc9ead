/**
 * Nacos's core API under {@code /nacos/v1/core}: the cluster's member list and this node, in Nacos's member
 * shape, so tooling and dashboards written for Nacos read Jacos's cluster. Errors are answered by the v1 mappers,
 * as these paths belong to the v1 API. May depend on {@code cluster} (read-only membership) and the parent
 * {@code transport.http} package.
 */
package io.jacos.transport.http.core;
