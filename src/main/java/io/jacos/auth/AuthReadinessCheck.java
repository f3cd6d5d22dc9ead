package io.jacos.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** DOWN, with the reason, while auth refuses to serve (no admin and no initial password, or an unusable key). */
@Readiness
@ApplicationScoped
public class AuthReadinessCheck implements HealthCheck {

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
        return startup.refusal()
                .map(reason -> HealthCheckResponse.named("auth").down().withData("refused", reason).build())
                .orElseGet(() -> HealthCheckResponse.named("auth").up().build());
    }
}
