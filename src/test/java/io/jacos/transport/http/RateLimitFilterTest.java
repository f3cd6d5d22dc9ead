package io.jacos.transport.http;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which HTTP requests count as registrations: instance writes and full beats, never reads or light beats. */
class RateLimitFilterTest {

    @Test
    void instanceWritesOfV1AndV2AreRegistrations() {
        assertTrue(RateLimitFilter.registration("POST", "/v1/ns/instance", "serviceName=a&ip=1.2.3.4&port=1"));
        assertTrue(RateLimitFilter.registration("PUT", "/v1/ns/instance", null));
        assertTrue(RateLimitFilter.registration("DELETE", "/v2/ns/instance", null));
        assertTrue(RateLimitFilter.registration("PUT", "/v1/ns/instance/metadata/batch", null));
    }

    @Test
    void onlyAFullBeatCounts() {
        assertTrue(RateLimitFilter.registration("PUT", "/v1/ns/instance/beat", "serviceName=a&beat=%7B%7D"));
        assertFalse(RateLimitFilter.registration("PUT", "/v1/ns/instance/beat", "serviceName=a&ip=1.2.3.4"));
        assertFalse(RateLimitFilter.registration("PUT", "/v1/ns/instance/beat", null));
        assertFalse(RateLimitFilter.registration("PUT", "/v1/ns/instance/beat", "beatX=1"));
    }

    @Test
    void readsAndOtherPathsAreNot() {
        assertFalse(RateLimitFilter.registration("GET", "/v1/ns/instance", "serviceName=a"));
        assertFalse(RateLimitFilter.registration("GET", "/v1/ns/instance/list", "serviceName=a"));
        assertFalse(RateLimitFilter.registration("POST", "/v1/ns/service", "serviceName=a"));
        assertFalse(RateLimitFilter.registration("POST", "/admin/namespaces", null));
    }
}
