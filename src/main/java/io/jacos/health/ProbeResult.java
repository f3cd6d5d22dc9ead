package io.jacos.health;

/**
 * What one probe learned of its target. A refused connection is an answer (nothing listens there now), so it marks a
 * healthy target unhealthy at once, as Nacos does; a probe that failed otherwise (no answer within the timeout, a
 * reset, a wrong status) may be the network's fault and counts toward the unhealthy threshold.
 */
public enum ProbeResult {
    ALIVE,
    REFUSED,
    FAILED;

    boolean alive() {
        return this == ALIVE;
    }
}
