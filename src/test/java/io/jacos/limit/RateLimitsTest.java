package io.jacos.limit;

import io.jacos.testing.SteppedClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each limit at its boundary: N pass, N+1 is refused with an over-threshold text naming the setting. */
class RateLimitsTest {

    private final SteppedClock clock = new SteppedClock(5_000);

    @Test
    void grpcRequestsPerConnection() {
        RateLimits limits = new RateLimits(3, 0, 0, 0, 0, 100, clock);
        pass(3, () -> limits.grpcRefusal("c1", "10.0.0.1", false));
        refused(limits.grpcRefusal("c1", "10.0.0.1", false), "jacos.limit.grpc.per-connection");
        assertNull(limits.grpcRefusal("c2", "10.0.0.1", false), "another connection of the same IP");
    }

    @Test
    void grpcRequestsPerIpOverAllItsConnections() {
        RateLimits limits = new RateLimits(0, 4, 0, 0, 0, 100, clock);
        pass(2, () -> limits.grpcRefusal("c1", "10.0.0.1", false));
        pass(2, () -> limits.grpcRefusal("c2", "10.0.0.1", false));
        refused(limits.grpcRefusal("c3", "10.0.0.1", false), "jacos.limit.grpc.per-ip");
        assertNull(limits.grpcRefusal("c4", "10.0.0.2", false), "another IP");
    }

    @Test
    void registrationsPerConnectionLeaveOtherRequestsAlone() {
        RateLimits limits = new RateLimits(0, 0, 2, 0, 0, 100, clock);
        pass(2, () -> limits.grpcRefusal("c1", "10.0.0.1", true));
        refused(limits.grpcRefusal("c1", "10.0.0.1", true), "jacos.limit.register.per-connection");
        assertNull(limits.grpcRefusal("c1", "10.0.0.1", false), "a query is not a registration");
        clock.advance(500);
        assertNull(limits.grpcRefusal("c1", "10.0.0.1", true), "refilled after 1/rate s");
    }

    @Test
    void registrationsPerIpAreSharedByGrpcAndHttp() {
        RateLimits limits = new RateLimits(0, 0, 0, 3, 0, 100, clock);
        pass(2, () -> limits.grpcRefusal("c1", "10.0.0.1", true));
        pass(1, () -> limits.httpRegistrationRefusal("10.0.0.1"));
        refused(limits.httpRegistrationRefusal("10.0.0.1"), "jacos.limit.register.per-ip");
        refused(limits.grpcRefusal("c2", "10.0.0.1", true), "jacos.limit.register.per-ip");
        assertNull(limits.httpRefusal("10.0.0.1"));
    }

    @Test
    void httpRequestsPerIp() {
        RateLimits limits = new RateLimits(0, 0, 0, 0, 5, 100, clock);
        pass(5, () -> limits.httpRefusal("10.0.0.1"));
        refused(limits.httpRefusal("10.0.0.1"), "jacos.limit.http.per-ip");
        assertNull(limits.httpRefusal("10.0.0.2"));
        clock.advance(1000);
        pass(5, () -> limits.httpRefusal("10.0.0.1"));
    }

    private static void pass(int count, java.util.function.Supplier<String> check) {
        for (int i = 0; i < count; i++) {
            assertNull(check.get(), "request " + (i + 1) + " of " + count);
        }
    }

    private static void refused(String refusal, String setting) {
        assertNotNull(refusal, "request over the limit");
        assertTrue(refusal.startsWith("over threshold: ") && refusal.contains(setting), refusal);
    }
}
