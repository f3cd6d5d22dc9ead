package io.jacos.replication;

/**
 * Tells the applier thread that it was paused: the process frozen (SIGSTOP, a VM migrated, a long stop-the-world
 * collection) or the thread starved. The thread looks at least twice a second, so a gap between two looks longer
 * than {@code pauseMillis} is such a pause (or one piece of work that ran that long, which is treated the same:
 * asking for full syncs again is harmless). Confined to that one thread.
 */
final class PauseWatch {

    private final long pauseMillis;
    private long lastLook = -1;

    PauseWatch(long pauseMillis) {
        if (pauseMillis <= 0) {
            throw new IllegalArgumentException("pause threshold must be positive: " + pauseMillis);
        }
        this.pauseMillis = pauseMillis;
    }

    /** The length of the pause that ended now, or 0 when the last look was recent enough (or this is the first). */
    long pausedFor(long nowMillis) {
        long gap = lastLook < 0 ? 0 : nowMillis - lastLook;
        lastLook = nowMillis;
        return gap > pauseMillis ? gap : 0;
    }
}
