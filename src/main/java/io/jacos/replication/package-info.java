/**
 * Distro-style replication of ephemeral clients between nodes: each node sends snapshots of the clients it
 * owns to its peers, applies its peers' snapshots as read-only copies, repairs losses with a periodic digest,
 * fences stale senders, and keeps a departed owner's copies for a grace period. It observes registry events,
 * writes copies through the {@code Registry}, and talks to peers through {@code cluster}. May depend on
 * {@code model}, {@code event}, {@code registry}, {@code cluster} and {@code infrastructure}.
 */
package io.jacos.replication;
