package io.jacos.replication;

/**
 * Bytes from a peer that are not a replication message this node can read: the message says what was wrong
 * (wrong magic or version, truncated, trailing bytes, an impossible count, an invalid value). It carries no
 * stack trace and no cause, because it describes the input rather than a fault here, and a peer sending
 * garbage must not fill the log with stacks.
 */
public class MalformedMessageException extends RuntimeException {

    public MalformedMessageException(String message) {
        super(message, null, false, false);
    }
}
