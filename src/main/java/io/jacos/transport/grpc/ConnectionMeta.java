package io.jacos.transport.grpc;

import io.grpc.Attributes;
import io.grpc.Context;

/**
 * What the server knows about one TCP connection before the client identifies itself. Requests carry no
 * connection id, so the id is minted per transport and every call on that transport finds it in its
 * gRPC {@link Context}.
 */
public final class ConnectionMeta {

    static final Attributes.Key<ConnectionMeta> ATTRIBUTE = Attributes.Key.create("jacos.connection");
    static final Context.Key<ConnectionMeta> CONTEXT = Context.key("jacos.connection");

    private final String id;
    private final String remoteIp;
    private final int remotePort;
    private final int localPort;
    private volatile boolean terminated;

    ConnectionMeta(String id, String remoteIp, int remotePort, int localPort) {
        this.id = id;
        this.remoteIp = remoteIp;
        this.remotePort = remotePort;
        this.localPort = localPort;
    }

    static ConnectionMeta current() {
        return CONTEXT.get();
    }

    public String id() {
        return id;
    }

    public String remoteIp() {
        return remoteIp;
    }

    public int remotePort() {
        return remotePort;
    }

    public int localPort() {
        return localPort;
    }

    boolean isTerminated() {
        return terminated;
    }

    void markTerminated() {
        terminated = true;
    }
}
