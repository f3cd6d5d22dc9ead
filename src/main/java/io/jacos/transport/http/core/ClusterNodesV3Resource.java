package io.jacos.transport.http.core;

import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v3/admin/core/cluster}: {@code node/list} (filtered by {@code address} and {@code state}) and
 * {@code node/self}, the same parameters and answers as v2's, which serves them; for any caller who logged in.
 */
@Path("admin/core/cluster")
@ApplicationScoped
public class ClusterNodesV3Resource {

    private ClusterNodesV2Resource v2;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ClusterNodesV3Resource() {
    }

    @Inject
    public ClusterNodesV3Resource(ClusterNodesV2Resource v2) {
        this.v2 = v2;
    }

    @GET
    @Path("node/list")
    @Access(Need.IDENTITY)
    public Response nodes() {
        return v2.nodes();
    }

    @GET
    @Path("node/self")
    @Access(Need.IDENTITY)
    public Response self() {
        return v2.self();
    }
}
