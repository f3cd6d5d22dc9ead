/**
 * Liveness of clients: probes of idle long connections, the 1.x lease check (beats, polls); persistent-instance health
 * checks later. Runs on the container's managed scheduled executor. May depend on {@code application}, {@code task},
 * {@code registry} and {@code infrastructure}; transports plug in through {@link io.jacos.health.LiveConnections}.
 */
package io.jacos.health;
