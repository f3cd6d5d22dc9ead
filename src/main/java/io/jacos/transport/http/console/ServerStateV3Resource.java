package io.jacos.transport.http.console;

import io.jacos.auth.AuthGate;
import io.jacos.auth.Need;
import io.jacos.cluster.ClusterMembers;
import io.jacos.infrastructure.ServerEndpoints;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.ServerReadiness;
import io.jacos.transport.http.ServerVersion;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v3/admin/core/state}: the server's state ({@link ServerStateResource}'s keys and values) in the v3
 * envelope, and {@code /liveness}. Open to everyone, as in Nacos 3, where tools read them before logging in.
 */
@Path("admin/core/state")
@ApplicationScoped
public class ServerStateV3Resource {

    private ServerVersion version;
    private ServerReadiness readiness;
    private ServerEndpoints endpoints;
    private HttpJson json;
    private ClusterMembers members;
    private AuthGate auth;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServerStateV3Resource() {
    }

    @Inject
    public ServerStateV3Resource(ServerVersion version, ServerReadiness readiness, ServerEndpoints endpoints,
                                 HttpJson json, ClusterMembers members, AuthGate auth) {
        this.version = version;
        this.readiness = readiness;
        this.endpoints = endpoints;
        this.json = json;
        this.members = members;
        this.auth = auth;
    }

    @GET
    @Access(Need.OPEN)
    public Response state() {
        return json.ok(V2Result.success(ServerStateResource.state(version.version(), members.clusterMode(),
                endpoints.mainPort(), auth.enabled(), readiness.status())));
    }

    @GET
    @Path("liveness")
    @Access(Need.OPEN)
    public Response liveness() {
        return json.ok(V2Result.success("ok"));
    }
}
