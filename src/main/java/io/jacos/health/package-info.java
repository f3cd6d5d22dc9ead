/**
 * Liveness of clients and instances: probes of idle long connections, the 1.x lease check (beats, polls), and the
 * server's own checks of persistent instances (TCP connect or HTTP status per cluster, on non-blocking sockets,
 * verdicts after consecutive failures or successes). Runs on the container's managed scheduled executor. May depend
 * on {@code application}, {@code task}, {@code registry} and {@code infrastructure}; transports plug in through
 * {@link io.jacos.health.LiveConnections}.
 */
package io.jacos.health;
