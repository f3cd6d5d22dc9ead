package io.jacos.replication;

/**
 * What the {@link ReplicaBook} knows of one peer that owns clients: its current epoch, whether that epoch's
 * full snapshot arrived and at which of the owner's revisions, whether a newer one is awaited (and from which of this
 * node's requests on), and its last reported load. Mutable, confined to the book's thread.
 */
final class OwnerState {

    private long epoch;
    private boolean synced;
    private int connections;
    private long heardAtMillis;
    private boolean drained;
    private long floor;
    private boolean awaitingFullSync;
    /** While awaiting, the lowest number of this node's requests whose answer is believed. */
    private long firstBelievedAnswer;
    private long lastRequest;
    private boolean unaskedRefused;
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

    /**
     * What is in flight from the owner may be older than what it holds, a full sync too (one it sent unasked, or in
     * answer to an earlier request): only its answer to request {@code firstAnswer} or a later one is believed.
     */
    void awaitFullSync(long firstAnswer) {
        awaitingFullSync = true;
        firstBelievedAnswer = Math.max(firstBelievedAnswer, firstAnswer);
        unaskedRefused = false;
    }

    /**
     * A full sync the owner sent unasked was refused while one is awaited. It sends one as this node enters its view,
     * so the request made before may have come while this node was not in it yet, and been dropped. True the first
     * time in a wait: then the owner is asked again at once; after that, the usual interval between requests holds.
     */
    boolean firstUnaskedRefused() {
        boolean first = !unaskedRefused;
        unaskedRefused = true;
        return first;
    }

    /** Whether a full sync that answers request {@code answers} (0: sent unasked) may be believed now. */
    boolean believes(long answers) {
        return !awaitingFullSync || answers >= firstBelievedAnswer;
    }

    void requested(long number) {
        lastRequest = number;
    }

    /** Whether a full sync is awaited and no request that its answer would be believed has been made yet. */
    boolean requestDue() {
        return awaitingFullSync && lastRequest < firstBelievedAnswer;
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
