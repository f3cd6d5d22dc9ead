package io.jacos.replication;

import io.jacos.model.NodeId;

/**
 * What the {@link ReplicaBook} remembers of one copied client: who sent it, in which of its epochs, at which
 * revision, and when the copy goes if nobody renews it ({@link #NO_DEADLINE} while its owner is alive).
 */
record HeldCopy(NodeId owner, long epoch, long revision, long deadlineMillis) {

    static final long NO_DEADLINE = Long.MAX_VALUE;

    static HeldCopy of(ReplicationMessage.ClientCopy copy) {
        return new HeldCopy(copy.owner(), copy.epoch(), copy.revision(), NO_DEADLINE);
    }

    boolean hasDeadline() {
        return deadlineMillis != NO_DEADLINE;
    }

    /** Sets a deadline unless one runs already: a repeated departure must not postpone the expiry. */
    HeldCopy expiringAt(long deadline) {
        return hasDeadline() ? this : new HeldCopy(owner, epoch, revision, deadline);
    }

    HeldCopy withoutDeadline() {
        return new HeldCopy(owner, epoch, revision, NO_DEADLINE);
    }

    /** Whether a copy from {@code otherOwner} in {@code otherEpoch} at {@code otherRevision} replaces this one. */
    boolean isOlderThan(NodeId otherOwner, long otherEpoch, long otherRevision) {
        return !owner.equals(otherOwner) || epoch < otherEpoch || (epoch == otherEpoch && revision < otherRevision);
    }

    boolean isOf(NodeId someOwner, long someEpoch) {
        return owner.equals(someOwner) && epoch == someEpoch;
    }
}
