package io.jacos.infrastructure;

import io.jacos.settings.ServerSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/**
 * The ports and addresses in effect: the settings where given, else what the app server was started with
 * ({@link HostServer}) and Nacos's derivations from it.
 */
@ApplicationScoped
public class ServerEndpoints {

    private ServerSettings settings;
    private HostServer hostServer;

    ServerEndpoints() {
    }

    @Inject
    public ServerEndpoints(ServerSettings settings, HostServer hostServer) {
        this.settings = settings;
        this.hostServer = hostServer;
    }

    /** The HTTP port clients put in {@code serverAddr}; every Nacos client derives the gRPC port from it. */
    public int mainPort() {
        return settings.mainPort().orElseGet(hostServer::mainPort);
    }

    public int grpcPort() {
        return settings.grpcPort().orElseGet(() -> mainPort() + settings.grpcPortOffset());
    }

    /** Where HTTP, gRPC and the UDP push socket listen: every interface unless narrowed. */
    public ListenAddresses listenAddresses() {
        return ListenAddresses.of(settings.serverAddressVariable(), settings.serverAddress(),
                settings.grpcBindAddress(), settings.udpBindAddress());
    }

    /** A line for the log when {@code SERVER_ADDRESS} is shadowed by {@code server.address}. */
    public Optional<String> ignoredAddressVariable() {
        return ListenAddresses.ignoredVariable(settings.serverAddressVariable(), settings.serverAddress());
    }
}
