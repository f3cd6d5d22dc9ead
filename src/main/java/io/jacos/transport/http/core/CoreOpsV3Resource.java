package io.jacos.transport.http.core;

import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.NamedLoggers;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Errors;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.Map;

/**
 * {@code /nacos/v3/admin/core/ops}, for a global admin. {@code ids}: Nacos lists its id generators, which it runs
 * only on its embedded database; Jacos's row ids come from the database's own identity columns (H2 or PostgreSQL),
 * as Nacos's do on an external database, so the list is empty there as here. {@code log} sets the level of a core
 * log ({@code core}, {@code core-auth}, {@code core-raft}, {@code core-distro}, {@code core-cluster}) on the
 * Jacos logger doing that work, on this node until it stops. {@code raft}: Jacos has no Raft group (membership is
 * JGroups'), so it is refused as a function this server does not have (501, code 40001), and nothing is done.
 */
@Path("admin/core/ops")
@ApplicationScoped
public class CoreOpsV3Resource {

    static final V2Errors.Code API_FUNCTION_DISABLED = new V2Errors.Code(40001, "API function disabled.");

    private final NamedLoggers loggers = new NamedLoggers(Map.of(
            "core", "io.jacos",
            "core-auth", "io.jacos.auth",
            "core-raft", "io.jacos.cluster",
            "core-distro", "io.jacos.replication",
            "core-cluster", "io.jacos.cluster"));
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public CoreOpsV3Resource() {
    }

    @Inject
    public CoreOpsV3Resource(HttpJson json, ParsedRequest request) {
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("ids")
    @Access(Need.ADMIN)
    public Response ids() {
        return json.ok(V2Result.success(List.of()));
    }

    @PUT
    @Path("log")
    @Access(Need.ADMIN)
    public Response log() {
        RequestParams params = request.params();
        loggers.set(params.required("logName"), params.required("logLevel"));
        return json.ok(V2Result.success(null));
    }

    @POST
    @Path("raft")
    @Access(Need.ADMIN)
    public Response raft() {
        return V2Errors.answer(json, 501, API_FUNCTION_DISABLED, "Jacos runs no Raft group (its nodes agree on"
                + " membership through JGroups), so there is no Raft operation to run; nothing was done.");
    }
}
