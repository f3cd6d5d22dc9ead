package io.jacos.transport.http.v2;

import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.NamingLogLevels;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v3/admin/ns/ops}: v2's switches and metrics ({@link OperatorV2Resource}), and {@code log}, a naming
 * log's level on this node ({@link NamingLogLevels}), for a global admin as a switch change is.
 */
@Path("admin/ns/ops")
@ApplicationScoped
public class OperatorAdminV3Resource {

    private OperatorV2Resource v2;
    private NamingLogLevels logLevels;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public OperatorAdminV3Resource() {
    }

    @Inject
    public OperatorAdminV3Resource(OperatorV2Resource v2, NamingLogLevels logLevels, HttpJson json,
                                   ParsedRequest request) {
        this.v2 = v2;
        this.logLevels = logLevels;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("switches")
    @Access(Need.IDENTITY)
    public Response switches() {
        return v2.switches();
    }

    @PUT
    @Path("switches")
    @Access(Need.ADMIN)
    public Response updateSwitch() {
        return v2.updateSwitch();
    }

    @GET
    @Path("metrics")
    @Access(Need.IDENTITY)
    public Response metrics() {
        return v2.metrics();
    }

    @PUT
    @Path("log")
    @Access(Need.ADMIN)
    public Response logLevel() {
        RequestParams params = request.params();
        logLevels.set(params.required("logName"), params.required("logLevel"));
        return json.ok(V2Result.success("ok"));
    }
}
