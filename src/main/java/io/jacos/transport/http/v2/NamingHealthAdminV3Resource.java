package io.jacos.transport.http.v2;

import io.jacos.auth.Need;
import io.jacos.transport.http.HealthCheckerTypes;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v3/admin/ns/health}: {@code PUT instance}, an instance's health by hand as v2 sets it
 * ({@link HealthV2Resource}), and {@code GET checkers}, the health checks a cluster may be given.
 */
@Path("admin/ns/health")
@ApplicationScoped
public class NamingHealthAdminV3Resource {

    private HealthV2Resource v2;
    private HttpJson json;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public NamingHealthAdminV3Resource() {
    }

    @Inject
    public NamingHealthAdminV3Resource(HealthV2Resource v2, HttpJson json) {
        this.v2 = v2;
        this.json = json;
    }

    @PUT
    @Path("instance")
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response instanceHealth(@Context HttpServletRequest servlet) {
        return v2.instanceHealth(servlet);
    }

    @GET
    @Path("checkers")
    @Access(Need.IDENTITY)
    public Response checkers() {
        return json.ok(V2Result.success(HealthCheckerTypes.ALL));
    }
}
