package io.jacos.transport.http.console;

import io.jacos.auth.Need;
import io.jacos.transport.http.ConsoleHealthResource;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.v2.V2Errors;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;

import java.util.List;

/**
 * Nacos 2.x's probe endpoints, {@code /nacos/v2/console/health/liveness} and {@code readiness}: the same checks as
 * the v1 probes ({@link ConsoleHealthResource}), answered in the v2 envelope, {@code "ok"} when every check is up.
 * Otherwise 500, so a Kubernetes probe fails, with the v2 server-error code and, as Nacos puts it, the reason as
 * the message.
 */
@Path("console/health")
@Access(Need.OPEN)
@ApplicationScoped
public class ConsoleHealthV2Resource {

    private Instance<HealthCheck> readinessChecks;
    private Instance<HealthCheck> livenessChecks;
    private HttpJson json;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConsoleHealthV2Resource() {
    }

    @Inject
    public ConsoleHealthV2Resource(@Readiness Instance<HealthCheck> readinessChecks,
                                   @Liveness Instance<HealthCheck> livenessChecks, HttpJson json) {
        this.readinessChecks = readinessChecks;
        this.livenessChecks = livenessChecks;
        this.json = json;
    }

    @GET
    @Path("readiness")
    public Response readiness() {
        return answer(readinessChecks, "not ready");
    }

    @GET
    @Path("liveness")
    public Response liveness() {
        return answer(livenessChecks, "not live");
    }

    private Response answer(Iterable<HealthCheck> checks, String failing) {
        List<String> down = ConsoleHealthResource.down(checks);
        if (down.isEmpty()) {
            return json.ok(V2Result.success("ok"));
        }
        V2Result failure = new V2Result(V2Errors.SERVER_ERROR.code(), failing + ": " + String.join(", ", down), null);
        return Response.serverError().type(HttpJson.JSON_UTF8).entity(json.write(failure)).build();
    }
}
