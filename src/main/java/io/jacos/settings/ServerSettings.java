package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Where the server listens and how much one request may carry: ports, bind addresses, the gRPC server's limits
 * and workers, the HTTP body limit. The ports and addresses in effect are derived from these (with what the
 * app server says) outside this package.
 */
@ApplicationScoped
public class ServerSettings {

    public static final Setting MAIN_PORT = Setting.withoutDefault("server.port");
    public static final Setting GRPC_PORT_OFFSET = new Setting("nacos.server.grpc.port.offset", "1000");
    public static final Setting GRPC_PORT = Setting.withoutDefault("jacos.grpc.port");
    public static final Setting SERVER_ADDRESS = Setting.withoutDefault("server.address");
    /** {@code server.address} as an environment variable; MicroProfile Config finds it by this name. */
    public static final String SERVER_ADDRESS_VARIABLE = "SERVER_ADDRESS";
    public static final Setting GRPC_BIND_ADDRESS = Setting.withoutDefault("jacos.grpc.bind-address");
    public static final Setting UDP_BIND_ADDRESS = Setting.withoutDefault("jacos.udp.bind-address");
    public static final Setting MAX_INBOUND_MESSAGE_SIZE =
            new Setting("nacos.remote.server.grpc.sdk.max-inbound-message-size", "10485760");
    public static final Setting PERMIT_KEEP_ALIVE =
            new Setting("nacos.remote.server.grpc.sdk.permit-keep-alive-time", "300000");
    public static final Setting GRPC_EXECUTOR_THREADS = new Setting("jacos.grpc.executor-threads", "0");
    public static final Setting GRPC_EXECUTOR_QUEUE = new Setting("jacos.grpc.executor-queue", "65536");
    public static final Setting MAX_HTTP_BODY_BYTES = new Setting("jacos.http.max-body-bytes", "1048576");

    static final List<Setting> SETTINGS = List.of(MAIN_PORT, GRPC_PORT_OFFSET, GRPC_PORT, SERVER_ADDRESS,
            GRPC_BIND_ADDRESS, UDP_BIND_ADDRESS, MAX_INBOUND_MESSAGE_SIZE, PERMIT_KEEP_ALIVE, GRPC_EXECUTOR_THREADS,
            GRPC_EXECUTOR_QUEUE, MAX_HTTP_BODY_BYTES);

    private Optional<Integer> mainPort = Optional.empty();
    private int grpcPortOffset;
    private Optional<Integer> grpcPort = Optional.empty();
    private Optional<String> serverAddress = Optional.empty();
    private Optional<String> serverAddressVariable = Optional.empty();
    private Optional<String> grpcBindAddress = Optional.empty();
    private Optional<String> udpBindAddress = Optional.empty();
    private int maxInboundMessageSize;
    private long permitKeepAliveMillis;
    private int grpcExecutorThreads;
    private int grpcExecutorQueue;
    private int maxHttpBodyBytes;

    /** Nothing read, every value zero or empty: for the container's proxy, and tests that override what they use. */
    public ServerSettings() {
    }

    @Inject
    public ServerSettings(Config config) {
        mainPort = MAIN_PORT.optionalInt(config);
        grpcPortOffset = GRPC_PORT_OFFSET.intValue(config);
        grpcPort = GRPC_PORT.optionalInt(config);
        serverAddress = SERVER_ADDRESS.optionalText(config);
        serverAddressVariable = config.getOptionalValue(SERVER_ADDRESS_VARIABLE, String.class);
        grpcBindAddress = GRPC_BIND_ADDRESS.optionalText(config);
        udpBindAddress = UDP_BIND_ADDRESS.optionalText(config);
        maxInboundMessageSize = MAX_INBOUND_MESSAGE_SIZE.intValue(config);
        permitKeepAliveMillis = PERMIT_KEEP_ALIVE.longValue(config);
        grpcExecutorThreads = GRPC_EXECUTOR_THREADS.intValue(config);
        grpcExecutorQueue = GRPC_EXECUTOR_QUEUE.intValue(config);
        maxHttpBodyBytes = MAX_HTTP_BODY_BYTES.intValue(config);
    }

    /** {@code server.port}, when set: it overrides the HTTP port the app server was started with. */
    public Optional<Integer> mainPort() {
        return mainPort;
    }

    public int grpcPortOffset() {
        return grpcPortOffset;
    }

    /** A fixed gRPC port, when set, instead of the main port plus the offset. */
    public Optional<Integer> grpcPort() {
        return grpcPort;
    }

    public Optional<String> serverAddress() {
        return serverAddress;
    }

    public Optional<String> serverAddressVariable() {
        return serverAddressVariable;
    }

    public Optional<String> grpcBindAddress() {
        return grpcBindAddress;
    }

    public Optional<String> udpBindAddress() {
        return udpBindAddress;
    }

    public int maxInboundMessageSize() {
        return maxInboundMessageSize;
    }

    public Duration permitKeepAlive() {
        return Duration.ofMillis(permitKeepAliveMillis);
    }

    /** Threads that handle gRPC requests and disconnects; 0 = two per core, at least 4. */
    public int grpcExecutorThreads() {
        return grpcExecutorThreads > 0 ? grpcExecutorThreads
                : Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    }

    /** Requests waiting for a handler thread at most; beyond it new calls are refused. */
    public int grpcExecutorQueue() {
        return grpcExecutorQueue;
    }

    /** The largest HTTP API request body read; a larger one is refused with 413, unread. */
    public int maxHttpBodyBytes() {
        return maxHttpBodyBytes;
    }
}
