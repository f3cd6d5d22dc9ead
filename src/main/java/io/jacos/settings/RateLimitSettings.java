package io.jacos.settings;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.util.List;

/**
 * Request-rate limits, in requests per second (0 turns one off), and how many keys (connections, IPs) each limit
 * tracks. The defaults sit far above what the benchmark sends from one IP on a 2-core machine, so only a runaway
 * or hostile client meets them.
 */
@ApplicationScoped
public class RateLimitSettings {

    public static final Setting GRPC_PER_CONNECTION = new Setting("jacos.limit.grpc.per-connection", "50000");
    public static final Setting GRPC_PER_IP = new Setting("jacos.limit.grpc.per-ip", "200000");
    public static final Setting REGISTER_PER_CONNECTION = new Setting("jacos.limit.register.per-connection", "20000");
    public static final Setting REGISTER_PER_IP = new Setting("jacos.limit.register.per-ip", "50000");
    public static final Setting HTTP_PER_IP = new Setting("jacos.limit.http.per-ip", "50000");
    public static final Setting MAX_KEYS = new Setting("jacos.limit.max-keys", "65536");

    static final List<Setting> SETTINGS = List.of(GRPC_PER_CONNECTION, GRPC_PER_IP, REGISTER_PER_CONNECTION,
            REGISTER_PER_IP, HTTP_PER_IP, MAX_KEYS);

    private int grpcPerConnection;
    private int grpcPerIp;
    private int registerPerConnection;
    private int registerPerIp;
    private int httpPerIp;
    private int maxKeys;

    /** For the container's proxy. */
    protected RateLimitSettings() {
    }

    @Inject
    public RateLimitSettings(Config config) {
        grpcPerConnection = GRPC_PER_CONNECTION.intValue(config);
        grpcPerIp = GRPC_PER_IP.intValue(config);
        registerPerConnection = REGISTER_PER_CONNECTION.intValue(config);
        registerPerIp = REGISTER_PER_IP.intValue(config);
        httpPerIp = HTTP_PER_IP.intValue(config);
        maxKeys = MAX_KEYS.intValue(config);
    }

    public int grpcPerConnection() {
        return grpcPerConnection;
    }

    public int grpcPerIp() {
        return grpcPerIp;
    }

    public int registerPerConnection() {
        return registerPerConnection;
    }

    public int registerPerIp() {
        return registerPerIp;
    }

    public int httpPerIp() {
        return httpPerIp;
    }

    public int maxKeys() {
        return maxKeys;
    }
}
