package io.jacos.transport.http;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.Readiness;

/**
 * Whether this server is ready for clients: every MicroProfile {@code @Readiness} check of the application is UP.
 * The Nacos status answers ({@code /operator/metrics}, {@code /console/server/state}, {@code /operator/servers})
 * say UP or DOWN from this, so they agree with the readiness probe.
 */
@ApplicationScoped
public class ServerReadiness {

    private Instance<HealthCheck> readinessChecks;

    /** For the container's proxy. */
    protected ServerReadiness() {
    }

    @Inject
    public ServerReadiness(@Readiness Instance<HealthCheck> readinessChecks) {
        this.readinessChecks = readinessChecks;
    }

    public boolean isUp() {
        return ConsoleHealthResource.down(readinessChecks).isEmpty();
    }

    /** {@code UP} or {@code DOWN}, Nacos's server status names. */
    public String status() {
        return isUp() ? "UP" : "DOWN";
    }
}
