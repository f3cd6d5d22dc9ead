package io.jacos.replication;

/**
 * What the {@link ReplicaBook} knows of one peer that owns clients: its current epoch, whether that epoch's
 * full snapshot arrived, and its last reported load. Mutable, confined to the book's thread.
 */
final class OwnerState {

    private long epoch;
    private boolean synced;
    private int connections;
    private long heardAtMillis;
    private boolean drained;

    OwnerState(long epoch) {
        this.epoch = epoch;
    }

    /** The owner restarted: what was synced belonged to its previous incarnation. */
    void restartedAs(long newEpoch) {
        epoch = newEpoch;
        synced = false;
    }

    void markSynced() {
        synced = true;
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
