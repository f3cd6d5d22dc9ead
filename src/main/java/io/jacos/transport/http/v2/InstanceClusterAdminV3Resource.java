package io.jacos.transport.http.v2;

import io.jacos.application.InstanceClusterService;
import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.InstanceClusterParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code PUT /nacos/v3/admin/ns/cluster}: how a cluster's persistent instances are checked, as v1's
 * {@code /ns/cluster} sets it, with v3's bare {@code serviceName} and {@code groupName}.
 */
@Path("admin/ns/cluster")
@ApplicationScoped
public class InstanceClusterAdminV3Resource {

    private InstanceClusterService clusters;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public InstanceClusterAdminV3Resource() {
    }

    @Inject
    public InstanceClusterAdminV3Resource(InstanceClusterService clusters, HttpJson json, ParsedRequest request) {
        this.clusters = clusters;
        this.json = json;
        this.request = request;
    }

    @PUT
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response update() {
        RequestParams params = request.params();
        clusters.update(ServiceNames.v2(params), InstanceClusterParams.spec(params));
        return json.ok(V2Result.success("ok"));
    }
}
