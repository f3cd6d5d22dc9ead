package io.jacos.limit;

import io.jacos.settings.RateLimitSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.List;

/**
 * The server's request-rate limits, one {@link KeyedLimit} per concern, read from the {@code jacos.limit.*}
 * settings (requests per second; 0 disables one). Registrations count once against the request limits and once
 * against the registration limits; the per-IP registration limit is shared by gRPC and HTTP, as one host's
 * registrations are one load whatever the transport. Each check answers the refusal text, or null to go on.
 * <p>
 * The defaults sit far above what the benchmark sends from one IP on a 2-core machine (all its clients share
 * 127.0.0.1) so that only a runaway or hostile client meets them; docs/benchmark.md has the measurements.
 */
@ApplicationScoped
public class RateLimits {

    private int grpcPerConnection;
    private int grpcPerIp;
    private int registerPerConnection;
    private int registerPerIp;
    private int httpPerIp;
    /** Keys tracked per limit; more connections or IPs than this share an overflow bucket. */
    private int maxKeys;
    private Clock clock;

    private KeyedLimit grpcConnection;
    private KeyedLimit grpcIp;
    private KeyedLimit registerConnection;
    private KeyedLimit registerIp;
    private KeyedLimit httpIp;

    /** For the container's proxy. */
    protected RateLimits() {
    }

    @Inject
    public RateLimits(RateLimitSettings settings, Clock clock) {
        this(settings.grpcPerConnection(), settings.grpcPerIp(), settings.registerPerConnection(),
                settings.registerPerIp(), settings.httpPerIp(), settings.maxKeys(), clock);
    }

    /** For tests: every limit given, in requests per second. */
    public RateLimits(int grpcPerConnection, int grpcPerIp, int registerPerConnection, int registerPerIp,
                      int httpPerIp, int maxKeys, Clock clock) {
        this.grpcPerConnection = grpcPerConnection;
        this.grpcPerIp = grpcPerIp;
        this.registerPerConnection = registerPerConnection;
        this.registerPerIp = registerPerIp;
        this.httpPerIp = httpPerIp;
        this.maxKeys = maxKeys;
        this.clock = clock;
        build();
    }

    private void build() {
        grpcConnection = new KeyedLimit(RateLimitSettings.GRPC_PER_CONNECTION.name(), grpcPerConnection, maxKeys, clock);
        grpcIp = new KeyedLimit(RateLimitSettings.GRPC_PER_IP.name(), grpcPerIp, maxKeys, clock);
        registerConnection = new KeyedLimit(RateLimitSettings.REGISTER_PER_CONNECTION.name(), registerPerConnection,
                maxKeys, clock);
        registerIp = new KeyedLimit(RateLimitSettings.REGISTER_PER_IP.name(), registerPerIp, maxKeys, clock);
        httpIp = new KeyedLimit(RateLimitSettings.HTTP_PER_IP.name(), httpPerIp, maxKeys, clock);
    }

    /** Every limit, for the metrics: each one's refusals and its busiest key's peak. */
    public List<KeyedLimit> all() {
        return List.of(grpcConnection, grpcIp, registerConnection, registerIp, httpIp);
    }

    /** A gRPC request on a registered connection; {@code registration} for instance writes. */
    public String grpcRefusal(String connectionId, String clientIp, boolean registration) {
        String refusal = refusal(grpcConnection, connectionId, "this connection");
        if (refusal == null) {
            refusal = refusal(grpcIp, clientIp, "this client IP");
        }
        if (refusal == null && registration) {
            refusal = refusal(registerConnection, connectionId, "this connection");
            if (refusal == null) {
                refusal = refusal(registerIp, clientIp, "this client IP");
            }
        }
        return refusal;
    }

    /** An HTTP request, whatever it asks. */
    public String httpRefusal(String clientIp) {
        return refusal(httpIp, clientIp, "this client IP");
    }

    /** An HTTP instance write, counted once more as a registration of its client IP. */
    public String httpRegistrationRefusal(String clientIp) {
        return refusal(registerIp, clientIp, "this client IP");
    }

    private static String refusal(KeyedLimit limit, String key, String who) {
        if (limit.allow(key == null ? "" : key)) {
            return null;
        }
        return "over threshold: more than " + limit.ratePerSecond() + " " + what(limit) + " per second from " + who
                + " (" + limit.name() + ")";
    }

    private static String what(KeyedLimit limit) {
        return limit.name().contains("register") ? "registrations" : "requests";
    }
}
