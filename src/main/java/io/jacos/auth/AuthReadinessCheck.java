package io.jacos.auth;

import jakarta.ejb.EJBException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponse.Status;
import org.eclipse.microprofile.health.Readiness;

import java.util.Map;
import java.util.Optional;

/** DOWN, with the reason, while auth refuses to serve (no admin and no initial password, or an unusable key). */
@Readiness
@ApplicationScoped
public class AuthReadinessCheck implements HealthCheck {

    private static final String NAME = "auth";

    private AuthStartup startup;

    /** For the container's proxy. */
    protected AuthReadinessCheck() {
    }

    @Inject
    public AuthReadinessCheck(AuthStartup startup) {
        this.startup = startup;
    }

    @Override
    public HealthCheckResponse call() {
        Optional<String> refusal;
        try {
            refusal = startup.refusal();
        } catch (EJBException starting) {
            // A probe during deployment reaches the singleton before its container serves calls: not ready yet,
            // which is an answer, not a failure to log.
            return answer(Status.DOWN, Map.of("starting", true));
        }
        return refusal.map(reason -> answer(Status.DOWN, Map.of("refused", reason)))
                .orElseGet(() -> answer(Status.UP, null));
    }

    // Built directly: the builder is found through a service loader that only the server provides.
    private static HealthCheckResponse answer(Status status, Map<String, Object> data) {
        return new HealthCheckResponse(NAME, status, Optional.ofNullable(data));
    }
}
