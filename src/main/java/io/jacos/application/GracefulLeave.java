package io.jacos.application;

/**
 * What this node does for its clients before it stops: in cluster mode, moves its long connections to the
 * other nodes and leaves the cluster. Called once when the web module stops, before the gRPC server stops; a
 * standalone node does nothing.
 */
public interface GracefulLeave {

    void leave();
}
