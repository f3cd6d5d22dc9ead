package io.jacos.model;

/** Why the registry changed what a client publishes: the answer to "why did my instance disappear?". */
public enum ChangeCause {
    CLIENT_REQUEST("client request"),
    CONNECTION_CLOSED("connection closed"),
    CONNECTION_PROBE_FAILED("connection probe failed"),
    PUSH_BLOCKED("pushes blocked"),
    BEAT_EXPIRED("beat expired"),
    HEALTH_CHECK("health check"),
    ADMIN("admin"),
    REPLICATION("replicated from a peer");

    private final String text;

    ChangeCause(String text) {
        this.text = text;
    }

    /** The words an operator reads in the change history. */
    public String text() {
        return text;
    }
}
