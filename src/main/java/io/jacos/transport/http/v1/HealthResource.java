package io.jacos.transport.http.v1;

import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.model.ChangeOrigin;
import jakarta.servlet.http.HttpServletRequest;
import io.jacos.transport.http.InstanceWriteRouter;
import io.jacos.application.ServiceRef;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;

/**
 * {@code PUT /nacos/v1/ns/health/instance} (and {@code /ns/health}): sets an instance's health by hand
 * ({@code healthy}, or its older name {@code valid}); an unknown instance is a 404
 * ({@link InstanceWriteRouter#markHealth}).
 */
@Path("ns/health")
@ApplicationScoped
public class HealthResource {

    private InstanceWriteRouter writes;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public HealthResource() {
    }

    @Inject
    public HealthResource(InstanceWriteRouter writes, ParsedRequest request) {
        this.writes = writes;
        this.request = request;
    }

    @PUT
    @Access(value = Need.WRITE, target = Access.Target.NAMING)
    public Response health(@Context HttpServletRequest servlet) {
        return update(request.params(), servlet);
    }

    @PUT
    @Path("instance")
    @Access(value = Need.WRITE, target = Access.Target.NAMING)
    public Response instanceHealth(@Context HttpServletRequest servlet) {
        return update(request.params(), servlet);
    }

    private Response update(RequestParams params, HttpServletRequest servlet) {
        ServiceRef service = ServiceNames.v1(params);
        Boolean healthy = params.bool("healthy");
        if (healthy == null) {
            healthy = params.bool("valid");
        }
        if (healthy == null) {
            throw RequestParams.missing("healthy");
        }
        writes.markHealth(service, params.required("ip"), params.requiredInteger("port"), healthy,
                ChangeOrigin.admin(servlet.getRemoteAddr()));
        return HttpJson.text("ok");
    }
}
