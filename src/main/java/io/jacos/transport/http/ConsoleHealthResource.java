package io.jacos.transport.http;

import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;

import java.util.List;
import java.util.stream.StreamSupport;

/**
 * Nacos's own probe endpoints ({@code /nacos/v1/console/health/liveness} and {@code readiness}), which
 * Kubernetes manifests for Nacos already point at. They run the application's MicroProfile Health checks, so
 * the answer is the same on every server, wherever that server publishes {@code /health}.
 */
@Path("console/health")
@Access(Need.OPEN)
@ApplicationScoped
public class ConsoleHealthResource {

    private Instance<HealthCheck> readinessChecks;
    private Instance<HealthCheck> livenessChecks;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConsoleHealthResource() {
    }

    @Inject
    public ConsoleHealthResource(@Readiness Instance<HealthCheck> readinessChecks,
                                 @Liveness Instance<HealthCheck> livenessChecks) {
        this.readinessChecks = readinessChecks;
        this.livenessChecks = livenessChecks;
    }

    @GET
    @Path("readiness")
    @Produces(MediaType.TEXT_PLAIN)
    public Response readiness() {
        return answer(readinessChecks);
    }

    @GET
    @Path("liveness")
    @Produces(MediaType.TEXT_PLAIN)
    public Response liveness() {
        return answer(livenessChecks);
    }

    /** 200 {@code OK} when every check is up; otherwise 500 naming the checks that are not. */
    private static Response answer(Iterable<HealthCheck> checks) {
        List<String> down = down(checks);
        if (down.isEmpty()) {
            return Response.ok("OK").build();
        }
        return Response.serverError().entity("not ready: " + String.join(", ", down)).build();
    }

    /** The names of the checks that are not up. */
    public static List<String> down(Iterable<HealthCheck> checks) {
        return StreamSupport.stream(checks.spliterator(), false)
                .map(HealthCheck::call)
                .filter(result -> result.getStatus() != HealthCheckResponse.Status.UP)
                .map(HealthCheckResponse::getName)
                .toList();
    }
}
