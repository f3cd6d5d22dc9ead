package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/** The long (gRPC) connections: how they are kept alive and probed, and how many one node and one client take. */
@ApplicationScoped
public class ConnectionSettings {

    public static final Setting KEEP_ALIVE = new Setting("jacos.connection.keep-alive", "20000");
    public static final Setting PROBE_TIMEOUT = new Setting("jacos.connection.probe-timeout", "5000");
    public static final Setting CHECK_INTERVAL = new Setting("jacos.connection.check-interval", "3000");
    public static final Setting MAX_PER_IP = new Setting("jacos.connection.max-per-ip", "5000");
    public static final Setting MAX_CONNECTIONS = new Setting("jacos.connection.max-connections", "20000");
    public static final Setting SETUP_TIMEOUT = new Setting("jacos.connection.setup-timeout", "10000");
    public static final Setting MAX_SUBSCRIPTIONS = new Setting("jacos.connection.max-subscriptions", "10000");

    static final List<Setting> SETTINGS = List.of(KEEP_ALIVE, PROBE_TIMEOUT, CHECK_INTERVAL, MAX_PER_IP,
            MAX_CONNECTIONS, SETUP_TIMEOUT, MAX_SUBSCRIPTIONS);

    private long keepAliveMillis;
    private long probeTimeoutMillis;
    private long connectionCheckMillis;
    private int maxConnectionsPerIp;
    private int maxConnections;
    private long setupTimeoutMillis;
    private int maxSubscriptionsPerConnection;

    /** Nothing read, every value zero: for the container's proxy, and tests that override what they use. */
    public ConnectionSettings() {
    }

    @Inject
    public ConnectionSettings(Config config) {
        keepAliveMillis = KEEP_ALIVE.longValue(config);
        probeTimeoutMillis = PROBE_TIMEOUT.longValue(config);
        connectionCheckMillis = CHECK_INTERVAL.longValue(config);
        maxConnectionsPerIp = MAX_PER_IP.intValue(config);
        maxConnections = MAX_CONNECTIONS.intValue(config);
        setupTimeoutMillis = SETUP_TIMEOUT.longValue(config);
        maxSubscriptionsPerConnection = MAX_SUBSCRIPTIONS.intValue(config);
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
}
