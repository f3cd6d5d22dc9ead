/**
 * Distro-style replication of ephemeral clients between nodes: each node sends snapshots of the clients it
 * owns to its peers, applies its peers' snapshots as read-only copies, repairs losses with a periodic digest,
 * fences stale senders, and keeps a departed owner's copies for a grace period. It also tells peers which
 * services a node changed in the shared store, and has them re-read those through the application's
 * {@code StoredNamingRefresh} (persistent data itself is never sent), and that it stored configuration changes,
 * which peers then read at once (an event the configuration service observes). It observes registry and stored-change
 * events, writes copies through the {@code Registry}, and talks to peers through {@code cluster}; of
 * the application it uses that one interface. May depend on {@code model}, {@code event}, {@code task},
 * {@code registry}, {@code cluster}, {@code application}, {@code settings} and {@code infrastructure}.
 */
package io.jacos.replication;
