package io.jacos.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Optional;

/**
 * Every tunable of the server, read through MicroProfile Config so system properties and environment
 * variables override the defaults. Names follow Nacos where Nacos has the same setting; times are in ms.
 */
@ApplicationScoped
public class Settings {

    @Inject @ConfigProperty(name = "server.port")
    Optional<Integer> mainPort;
    @Inject @ConfigProperty(name = "nacos.server.grpc.port.offset", defaultValue = "1000")
    int grpcPortOffset;
    @Inject @ConfigProperty(name = "jacos.grpc.port")
    Optional<Integer> grpcPort;
    @Inject @ConfigProperty(name = ListenAddresses.SERVER_ADDRESS)
    Optional<String> serverAddress;
    @Inject @ConfigProperty(name = ListenAddresses.SERVER_ADDRESS_VARIABLE)
    Optional<String> serverAddressVariable;
    @Inject @ConfigProperty(name = "jacos.grpc.bind-address")
    Optional<String> grpcBindAddress;
    @Inject @ConfigProperty(name = "nacos.remote.server.grpc.sdk.max-inbound-message-size", defaultValue = "10485760")
    int maxInboundMessageSize;
    @Inject @ConfigProperty(name = "nacos.remote.server.grpc.sdk.permit-keep-alive-time", defaultValue = "300000")
    long permitKeepAliveMillis;
    @Inject @ConfigProperty(name = "nacos.naming.push.pushTaskDelay", defaultValue = "20")
    long pushDelayMillis;
    @Inject @ConfigProperty(name = "jacos.task.tick-millis", defaultValue = "10")
    long taskTickMillis;
    @Inject @ConfigProperty(name = "nacos.naming.push.pushTaskTimeout", defaultValue = "5000")
    long pushTimeoutMillis;
    @Inject @ConfigProperty(name = "nacos.naming.push.pushTaskRetryDelay", defaultValue = "1000")
    long pushRetryDelayMillis;
    @Inject @ConfigProperty(name = "jacos.push.retry-max-delay", defaultValue = "30000")
    long pushRetryMaxDelayMillis;
    @Inject @ConfigProperty(name = "jacos.push.workers", defaultValue = "0")
    int pushWorkers;
    @Inject @ConfigProperty(name = "jacos.push.blocked-timeout", defaultValue = "300000")
    long pushBlockedTimeoutMillis;
    @Inject @ConfigProperty(name = "jacos.grpc.executor-threads", defaultValue = "0")
    int grpcExecutorThreads;
    @Inject @ConfigProperty(name = "jacos.grpc.executor-queue", defaultValue = "65536")
    int grpcExecutorQueue;
    @Inject @ConfigProperty(name = "jacos.connection.keep-alive", defaultValue = "20000")
    long keepAliveMillis;
    @Inject @ConfigProperty(name = "jacos.connection.probe-timeout", defaultValue = "5000")
    long probeTimeoutMillis;
    @Inject @ConfigProperty(name = "jacos.connection.check-interval", defaultValue = "3000")
    long connectionCheckMillis;
    @Inject @ConfigProperty(name = "jacos.connection.max-per-ip", defaultValue = "5000")
    int maxConnectionsPerIp;
    @Inject @ConfigProperty(name = "jacos.connection.max-connections", defaultValue = "20000")
    int maxConnections;
    @Inject @ConfigProperty(name = "jacos.connection.setup-timeout", defaultValue = "10000")
    long setupTimeoutMillis;
    @Inject @ConfigProperty(name = "jacos.connection.max-subscriptions", defaultValue = "10000")
    int maxSubscriptionsPerConnection;
    @Inject @ConfigProperty(name = "jacos.http.max-body-bytes", defaultValue = "1048576")
    int maxHttpBodyBytes;
    @Inject @ConfigProperty(name = "jacos.naming.max-page-size", defaultValue = "100000")
    int maxPageSize;
    @Inject @ConfigProperty(name = "jacos.naming.answer-cache.max-services", defaultValue = "100000")
    int answerCacheMaxServices;
    @Inject @ConfigProperty(name = "jacos.naming.cache-millis", defaultValue = "10000")
    long cacheMillis;
    @Inject @ConfigProperty(name = "jacos.naming.max-metadata-chars", defaultValue = "1024")
    int maxMetadataChars;
    @Inject @ConfigProperty(name = "jacos.naming.max-instance-id-length", defaultValue = "1024")
    int maxInstanceIdLength;
    @Inject @ConfigProperty(name = "jacos.naming.max-instances-per-batch", defaultValue = "2000")
    int maxInstancesPerBatch;
    @Inject @ConfigProperty(name = "jacos.naming.max-clusters-per-service", defaultValue = "256")
    int maxClustersPerService;

    @Inject @ConfigProperty(name = "nacos.naming.clean.empty-service.interval", defaultValue = "60000")
    long emptyServiceCleanIntervalMillis;
    @Inject @ConfigProperty(name = "nacos.naming.clean.empty-service.expired-time", defaultValue = "60000")
    long emptyServiceExpiryMillis;

    @Inject @ConfigProperty(name = "jacos.beat.interval", defaultValue = "5000")
    long beatIntervalMillis;
    @Inject @ConfigProperty(name = "jacos.beat.unhealthy-timeout", defaultValue = "15000")
    long beatUnhealthyTimeoutMillis;
    @Inject @ConfigProperty(name = "jacos.beat.delete-timeout", defaultValue = "30000")
    long beatDeleteTimeoutMillis;
    @Inject @ConfigProperty(name = "jacos.beat.check-interval", defaultValue = "1000")
    long beatCheckIntervalMillis;
    @Inject @ConfigProperty(name = "nacos.naming.expireInstance", defaultValue = "true")
    boolean expireInstances;
    @Inject @ConfigProperty(name = "jacos.beat.light-beat-enabled", defaultValue = "true")
    boolean lightBeatEnabled;
    @Inject @ConfigProperty(name = "jacos.naming.max-ip-port-clients", defaultValue = "100000")
    int maxIpPortClients;
    @Inject @ConfigProperty(name = "jacos.naming.max-namespaces", defaultValue = "1000")
    int maxNamespaces;
    @Inject @ConfigProperty(name = "jacos.admin.max-instance-overrides", defaultValue = "10000")
    int maxInstanceOverrides;
    @Inject @ConfigProperty(name = "jacos.udp.push-enabled", defaultValue = "true")
    boolean udpPushEnabled;
    @Inject @ConfigProperty(name = "jacos.udp.bind-address")
    Optional<String> udpBindAddress;
    @Inject @ConfigProperty(name = "jacos.udp.port", defaultValue = "0")
    int udpPort;
    @Inject @ConfigProperty(name = "jacos.udp.ack-timeout", defaultValue = "10000")
    long udpAckTimeoutMillis;
    @Inject @ConfigProperty(name = "jacos.udp.max-retransmits", defaultValue = "1")
    int udpMaxRetransmits;
    @Inject @ConfigProperty(name = "jacos.udp.subscriber-expiry", defaultValue = "180000")
    long udpSubscriberExpiryMillis;
    @Inject @ConfigProperty(name = "jacos.udp.max-subscribers-per-source", defaultValue = "16")
    int udpMaxSubscribersPerSource;

    @Inject
    HostServer hostServer;

    /** The HTTP port clients put in {@code serverAddr}; every Nacos client derives the gRPC port from it. */
    public int mainPort() {
        return mainPort.orElseGet(hostServer::mainPort);
    }

    public int grpcPort() {
        return grpcPort.orElseGet(() -> mainPort() + grpcPortOffset);
    }

    /** Where HTTP, gRPC and the UDP push socket listen: every interface unless narrowed. */
    public ListenAddresses listenAddresses() {
        return ListenAddresses.of(serverAddressVariable, serverAddress, grpcBindAddress, udpBindAddress);
    }

    /** A line for the log when {@code SERVER_ADDRESS} is shadowed by {@code server.address}. */
    public Optional<String> ignoredAddressVariable() {
        return ListenAddresses.ignoredVariable(serverAddressVariable, serverAddress);
    }

    public int maxInboundMessageSize() {
        return maxInboundMessageSize;
    }

    public Duration permitKeepAlive() {
        return Duration.ofMillis(permitKeepAliveMillis);
    }

    public long pushDelayMillis() {
        return pushDelayMillis;
    }

    /** Granularity of delayed work (push tasks, request timeouts): how often due work is looked for. */
    public long taskTickMillis() {
        return taskTickMillis;
    }

    public long pushTimeoutMillis() {
        return pushTimeoutMillis;
    }

    public long pushRetryDelayMillis() {
        return pushRetryDelayMillis;
    }

    /** Failed pushes are retried after {@link #pushRetryDelayMillis}, doubling up to this. */
    public long pushRetryMaxDelayMillis() {
        return pushRetryMaxDelayMillis;
    }

    /** Threads that serialize and write pushes; 0 = one per core, at least 2. */
    public int pushWorkers() {
        return pushWorkers > 0 ? pushWorkers : Math.max(2, Runtime.getRuntime().availableProcessors());
    }

    /** A connection whose pushes could not be written for this long is dropped (its client is not reading). */
    public long pushBlockedTimeoutMillis() {
        return pushBlockedTimeoutMillis;
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

    public long keepAliveMillis() {
        return keepAliveMillis;
    }

    public long probeTimeoutMillis() {
        return probeTimeoutMillis;
    }

    public long connectionCheckMillis() {
        return connectionCheckMillis;
    }

    public int maxConnectionsPerIp() {
        return maxConnectionsPerIp;
    }

    /** Registered gRPC connections at most; 0 = no limit. */
    public int maxConnections() {
        return maxConnections;
    }

    /** A TCP connection without an open stream (no ConnectionSetupRequest) is closed after this. */
    public long setupTimeoutMillis() {
        return setupTimeoutMillis;
    }

    public int maxSubscriptionsPerConnection() {
        return maxSubscriptionsPerConnection;
    }

    /** The largest HTTP API request body read; a larger one is refused with 413, unread. */
    public int maxHttpBodyBytes() {
        return maxHttpBodyBytes;
    }

    /** Larger service-list pages are cut to this size (clients such as Spring Cloud ask for Integer.MAX_VALUE). */
    public int maxPageSize() {
        return maxPageSize;
    }

    /** Services whose serialized answers are cached at most; others are serialized per call. */
    public int answerCacheMaxServices() {
        return answerCacheMaxServices;
    }

    public long cacheMillis() {
        return cacheMillis;
    }

    /** Most characters in one instance's metadata, keys and values together (Nacos's own limit is 1024). */
    public int maxMetadataChars() {
        return maxMetadataChars;
    }

    /** Longest instance id a client may supply; generated ids are not limited. */
    public int maxInstanceIdLength() {
        return maxInstanceIdLength;
    }

    /** Most instances in one batch registration. */
    public int maxInstancesPerBatch() {
        return maxInstancesPerBatch;
    }

    /** Instance clusters one service may hold; an instance in a new cluster beyond it is refused (0 = no limit). */
    public int maxClustersPerService() {
        return maxClustersPerService;
    }

    /** The beat interval told to 1.x clients unless an instance's {@code preserved.heart.beat.interval} says otherwise. */
    public long beatIntervalMillis() {
        return beatIntervalMillis;
    }

    /** A 1.x instance without a beat for this long is marked unhealthy ({@code preserved.heart.beat.timeout}). */
    public long beatUnhealthyTimeoutMillis() {
        return beatUnhealthyTimeoutMillis;
    }

    /** A 1.x instance without a beat for this long is removed ({@code preserved.ip.delete.timeout}). */
    public long beatDeleteTimeoutMillis() {
        return beatDeleteTimeoutMillis;
    }

    /** How often beat leases and 1.x subscriptions are checked. */
    public long beatCheckIntervalMillis() {
        return beatCheckIntervalMillis;
    }

    /** Whether beat expiry removes instances (otherwise they only turn unhealthy), as Nacos's switch. */
    public boolean expireInstances() {
        return expireInstances;
    }

    /** Tell 1.x clients to send beats without a body once registered. */
    public boolean lightBeatEnabled() {
        return lightBeatEnabled;
    }

    /** 1.x clients (one per instance ip:port, one per UDP subscriber) at most; more are refused with 503. */
    public int maxIpPortClients() {
        return maxIpPortClients;
    }

    /** Namespaces created through the console API at most. */
    public int maxNamespaces() {
        return maxNamespaces;
    }

    /** Operator edits of ephemeral instances kept at once (each lasts as long as its instance); more are refused. */
    public int maxInstanceOverrides() {
        return maxInstanceOverrides;
    }

    public boolean udpPushEnabled() {
        return udpPushEnabled;
    }

    /** Port of that socket; 0 = any free port. */
    public int udpPort() {
        return udpPort;
    }

    /** A UDP push not acknowledged within this is sent again, up to {@link #udpMaxRetransmits} times. */
    public long udpAckTimeoutMillis() {
        return udpAckTimeoutMillis;
    }

    public int udpMaxRetransmits() {
        return udpMaxRetransmits;
    }

    /** A 1.x subscription not renewed by a poll for this long is dropped. */
    public long udpSubscriberExpiryMillis() {
        return udpSubscriberExpiryMillis;
    }

    /** UDP subscriber endpoints the list calls of one source address may name at most; 0 = no limit. */
    public int udpMaxSubscribersPerSource() {
        return udpMaxSubscribersPerSource;
    }

    public long emptyServiceCleanIntervalMillis() {
        return emptyServiceCleanIntervalMillis;
    }

    public long emptyServiceExpiryMillis() {
        return emptyServiceExpiryMillis;
    }
}
