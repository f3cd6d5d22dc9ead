package io.jacos.transport.grpc;

import jakarta.enterprise.context.ApplicationScoped;

import java.net.InetSocketAddress;

/**
 * Whether the server takes SDK traffic yet, and where. Until it does, server checks answer 300 and setups are
 * refused. A plain CDI bean, so health checks can ask it while the EJB container is still starting.
 */
@ApplicationScoped
public class ServerStatus {

    private volatile InetSocketAddress serving;

    public boolean isReady() {
        return serving != null;
    }

    /** The address the gRPC server listens on, or null before it started and after it stopped. */
    public InetSocketAddress address() {
        return serving;
    }

    void serving(InetSocketAddress address) {
        serving = address;
    }

    void stopped() {
        serving = null;
    }
}
