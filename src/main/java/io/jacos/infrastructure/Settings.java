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
    @Inject @ConfigProperty(name = "jacos.grpc.bind-address", defaultValue = "127.0.0.1")
    String grpcBindAddress;
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
    @Inject @ConfigProperty(name = "jacos.push.max-retries", defaultValue = "3")
    int pushMaxRetries;
    @Inject @ConfigProperty(name = "jacos.connection.keep-alive", defaultValue = "20000")
    long keepAliveMillis;
    @Inject @ConfigProperty(name = "jacos.connection.probe-timeout", defaultValue = "5000")
    long probeTimeoutMillis;
    @Inject @ConfigProperty(name = "jacos.connection.check-interval", defaultValue = "3000")
    long connectionCheckMillis;
    @Inject @ConfigProperty(name = "jacos.connection.max-per-ip", defaultValue = "0")
    int maxConnectionsPerIp;
    @Inject @ConfigProperty(name = "jacos.naming.cache-millis", defaultValue = "10000")
    long cacheMillis;
    @Inject @ConfigProperty(name = "jacos.naming.max-metadata-chars", defaultValue = "1024")
    int maxMetadataChars;
    @Inject @ConfigProperty(name = "jacos.naming.max-instance-id-length", defaultValue = "1024")
    int maxInstanceIdLength;
    @Inject @ConfigProperty(name = "jacos.naming.max-instances-per-batch", defaultValue = "2000")
    int maxInstancesPerBatch;

    @Inject @ConfigProperty(name = "nacos.naming.clean.empty-service.interval", defaultValue = "60000")
    long emptyServiceCleanIntervalMillis;
    @Inject @ConfigProperty(name = "nacos.naming.clean.empty-service.expired-time", defaultValue = "60000")
    long emptyServiceExpiryMillis;

    @Inject
    MainPortDetector mainPortDetector;

    /** The HTTP port clients put in {@code serverAddr}; every Nacos client derives the gRPC port from it. */
    public int mainPort() {
        return mainPort.orElseGet(mainPortDetector::detect);
    }

    public int grpcPort() {
        return grpcPort.orElseGet(() -> mainPort() + grpcPortOffset);
    }

    public String grpcBindAddress() {
        return grpcBindAddress;
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

    public int pushMaxRetries() {
        return pushMaxRetries;
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

    public long emptyServiceCleanIntervalMillis() {
        return emptyServiceCleanIntervalMillis;
    }

    public long emptyServiceExpiryMillis() {
        return emptyServiceExpiryMillis;
    }
}
