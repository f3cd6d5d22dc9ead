package io.jacos.transport.grpc;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/** Ready only when the gRPC port really accepts a TCP connection, not merely when the server object exists. */
@Readiness
@ApplicationScoped
public class GrpcReadinessCheck implements HealthCheck {

    private static final int CONNECT_TIMEOUT_MILLIS = 1000;

    private ServerStatus status;
    private ConnectionTable connections;

    /** For the container's proxy. */
    protected GrpcReadinessCheck() {
    }

    @Inject
    public GrpcReadinessCheck(ServerStatus status, ConnectionTable connections) {
        this.status = status;
        this.connections = connections;
    }

    @Override
    public HealthCheckResponse call() {
        InetSocketAddress address = status.address();
        if (address == null) {
            return HealthCheckResponse.named("grpc").down().withData("state", "not started").build();
        }
        return HealthCheckResponse.named("grpc")
                .status(accepts(address))
                .withData("address", address.getHostString() + ":" + address.getPort())
                .withData("connections", connections.size())
                .build();
    }

    private static boolean accepts(InetSocketAddress address) {
        try (Socket socket = new Socket()) {
            socket.connect(reachable(address), CONNECT_TIMEOUT_MILLIS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A server on every interface is reached on loopback, which every host has. */
    static InetSocketAddress reachable(InetSocketAddress bound) {
        InetAddress address = bound.getAddress();
        return address != null && address.isAnyLocalAddress()
                ? new InetSocketAddress(InetAddress.getLoopbackAddress(), bound.getPort()) : bound;
    }
}
