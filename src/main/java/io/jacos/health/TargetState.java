package io.jacos.health;

import io.jacos.model.HealthCheck;

/**
 * What the checker knows of one target: how to probe it, its current mark, the run of probe results that
 * contradict the mark, and when it is next due. Touched only by the checker's tick, so it needs no locking. A
 * target whose probe port or check changes gets a new state, which resets its counts.
 */
final class TargetState {

    final TargetKey key;
    final int probePort;
    final HealthCheck check;
    final CheckTiming timing;

    private boolean healthy;
    private int contrary;
    /** Clock millis at which the next probe may start. */
    long nextDueMillis;
    /** Verdicts handed to the registry and not yet applied; while any is, the registry's mark is older than ours. */
    int verdictsPending;

    TargetState(TargetKey key, int probePort, HealthCheck check, CheckTiming timing, boolean healthy,
                long firstDueMillis) {
        this.key = key;
        this.probePort = probePort;
        this.check = check;
        this.timing = timing;
        this.healthy = healthy;
        this.nextDueMillis = firstDueMillis;
    }

    /** Same probe port and check: the counts so far still mean something. */
    boolean probesLike(int otherProbePort, HealthCheck otherCheck) {
        return probePort == otherProbePort && check.equals(otherCheck);
    }

    boolean healthy() {
        return healthy;
    }

    /**
     * Counts one probe result against the current mark. Returns true when the mark flips and the caller owes the
     * registry that verdict: at once for a refused connection of a healthy target, otherwise when the run of
     * contrary results reaches its threshold. A result that agrees with the mark ends the run, so only consecutive
     * results count.
     */
    boolean record(ProbeResult result) {
        boolean probeHealthy = result.alive();
        if (result == ProbeResult.REFUSED && healthy) {
            healthy = false;
            contrary = 0;
            return true;
        }
        if (probeHealthy == healthy) {
            contrary = 0;
            return false;
        }
        contrary++;
        int threshold = probeHealthy ? timing.healthyThreshold() : timing.unhealthyThreshold();
        if (contrary < threshold) {
            return false;
        }
        healthy = probeHealthy;
        contrary = 0;
        return true;
    }

    /** The registry's mark, set by someone else (an operator, a verdict that failed to store): count from zero. */
    void adoptMark(boolean registryHealthy) {
        if (registryHealthy != healthy) {
            healthy = registryHealthy;
            contrary = 0;
        }
    }
}
