package io.jacos.replication;

/**
 * What the {@link ReplicaBook} knows of one peer that owns clients: its current epoch, whether that epoch's
 * full snapshot arrived and at which of the owner's revisions, whether the next one is awaited, and its last
 * reported load. Mutable, confined to the book's thread.
 */
final class OwnerState {

    private long epoch;
    private boolean synced;
    private int connections;
    private long heardAtMillis;
    private boolean drained;
    private long floor;
    private boolean awaitingFullSync;
    private long lastMessageMillis = -1;

    OwnerState(long epoch) {
        this.epoch = epoch;
    }

    /** The owner restarted: what was synced belonged to its previous incarnation. */
    void restartedAs(long newEpoch) {
        epoch = newEpoch;
        synced = false;
        floor = 0;
        awaitingFullSync = false;
    }

    /** A full sync made at the owner's revision {@code asOf} arrived: what it sent up to there is old news. */
    void markSynced(long asOf) {
        synced = true;
        floor = Math.max(floor, asOf);
        awaitingFullSync = false;
    }

    /** What is in flight from the owner may be older than what it holds: only its next full sync is believed. */
    void awaitFullSync() {
        awaitingFullSync = true;
    }

    /** Whether a message the owner made at {@code revision} is still news: made after its last full sync, none awaited. */
    boolean fresh(long revision) {
        return !awaitingFullSync && revision > floor;
    }

    /** How long the owner had been silent before a message of it that arrives now; 0 for its first. */
    long silentFor(long nowMillis) {
        long silence = lastMessageMillis < 0 ? 0 : nowMillis - lastMessageMillis;
        lastMessageMillis = nowMillis;
        return silence;
    }

    /** Whether the owner sent nothing for longer than {@code limitMillis}; reads only. */
    boolean silentLongerThan(long nowMillis, long limitMillis) {
        return lastMessageMillis >= 0 && nowMillis - lastMessageMillis > limitMillis;
    }

    boolean awaitingFullSync() {
        return awaitingFullSync;
    }

    long floor() {
        return floor;
    }

    void heard(int connectionCount, boolean drainedNow, long atMillis) {
        connections = connectionCount;
        drained = drainedNow;
        heardAtMillis = atMillis;
    }

    boolean drained() {
        return drained;
    }

    long epoch() {
        return epoch;
    }

    boolean synced() {
        return synced;
    }

    int connections() {
        return connections;
    }

    long heardAtMillis() {
        return heardAtMillis;
    }
}
