package io.jacos.auth;

import jakarta.ejb.EJBException;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponse.Status;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AuthReadinessCheckTest {

    @Test
    void aProbeBeforeTheSingletonServesIsDownAsStartingWithoutThrowing() {
        HealthCheckResponse answer = new AuthReadinessCheck(startup(() -> {
            throw new EJBException("Attempt to invoke when container is in Initializing");
        })).call();
        assertEquals(Status.DOWN, answer.getStatus());
        assertEquals(Optional.of(true), answer.getData().map(data -> data.get("starting")));
    }

    @Test
    void upWhenAuthServesAndDownWithTheReasonWhenItRefuses() {
        assertEquals(Status.UP, new AuthReadinessCheck(startup(Optional::empty)).call().getStatus());
        HealthCheckResponse refused = new AuthReadinessCheck(startup(() -> Optional.of("no admin"))).call();
        assertEquals(Status.DOWN, refused.getStatus());
        assertTrue(refused.getData().orElseThrow().containsValue("no admin"));
    }

    private static AuthStartup startup(java.util.function.Supplier<Optional<String>> refusal) {
        return new AuthStartup() {
            @Override
            public Optional<String> refusal() {
                return refusal.get();
            }
        };
    }
}
