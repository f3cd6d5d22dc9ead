package io.jacos.transport.grpc;

import jakarta.enterprise.context.ApplicationScoped;

/** Whether the server takes SDK traffic yet. Until it does, server checks answer 300 and setups are refused. */
@ApplicationScoped
public class ServerStatus {

    private volatile boolean ready;

    public boolean isReady() {
        return ready;
    }

    void ready(boolean ready) {
        this.ready = ready;
    }
}
