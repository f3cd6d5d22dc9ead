/**
 * Liveness of clients and instances: probes of idle long connections, the 1.x lease check (beats, polls), and the
 * server's own checks of persistent instances (TCP connect or HTTP status per cluster, on non-blocking sockets,
 * verdicts after consecutive failures or successes). Runs on the container's managed scheduled executor; transports
 * plug in through {@link io.jacos.health.LiveConnections}. May depend on {@code application}, {@code model},
 * {@code task} and {@code settings}.
 */
package io.jacos.health;
