package io.jacos.transport.http.v2;

import io.jacos.auth.Need;
import io.jacos.model.ChangeOrigin;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.InstanceWriteRouter;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;

/**
 * {@code PUT /nacos/v2/ns/health/instance} (and {@code /ns/health}): an instance's health by hand, as the v1 call
 * sets it ({@link InstanceWriteRouter#markHealth}), with the bare {@code serviceName} and {@code groupName}. Nacos
 * checks {@code healthy} first, then {@code serviceName}, {@code ip} and {@code port}; so does this.
 * {@code clusterName} is taken and not needed: the instance is found by its address.
 */
@Path("ns/health")
@ApplicationScoped
public class HealthV2Resource {

    private InstanceWriteRouter writes;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public HealthV2Resource() {
    }

    @Inject
    public HealthV2Resource(InstanceWriteRouter writes, HttpJson json, ParsedRequest request) {
        this.writes = writes;
        this.json = json;
        this.request = request;
    }

    @PUT
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response health(@Context HttpServletRequest servlet) {
        return update(servlet);
    }

    @PUT
    @Path("instance")
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response instanceHealth(@Context HttpServletRequest servlet) {
        return update(servlet);
    }

    private Response update(HttpServletRequest servlet) {
        RequestParams params = request.params();
        Boolean healthy = params.bool("healthy");
        if (healthy == null) {
            throw RequestParams.missing("healthy");
        }
        writes.markHealth(ServiceNames.v2(params), params.required("ip"), params.requiredInteger("port"), healthy,
                ChangeOrigin.admin(servlet.getRemoteAddr()));
        return json.ok(V2Result.success("ok"));
    }
}
