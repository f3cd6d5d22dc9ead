package io.jacos.model;

/** How a client proves it is alive, which decides who may expire it. */
public enum ClientKind {
    /** A gRPC long connection: lives exactly as long as its transport. */
    CONNECTION,
    /** A 1.x HTTP client keyed by ip:port, kept alive by beats or polls. */
    IP_PORT,
    /** Persistent instances keyed by ip:port; removed only by an explicit deregister. */
    PERSISTENT
}
