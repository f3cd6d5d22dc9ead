package io.jacos.transport.http.v1;

import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.InstanceClusterService;
import io.jacos.application.ServiceRef;
import io.jacos.transport.http.InstanceClusterJson;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.param.InstanceClusterParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.Map;

/**
 * {@code /nacos/v1/ns/cluster}: an operator sets (PUT) how a cluster's persistent instances are checked, and
 * reads (GET {@code /list}) what was set.
 */
@Path("ns/cluster")
@ApplicationScoped
public class InstanceClusterResource {

    private InstanceClusterService clusters;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public InstanceClusterResource() {
    }

    @Inject
    public InstanceClusterResource(InstanceClusterService clusters, HttpJson json, ParsedRequest request) {
        this.clusters = clusters;
        this.json = json;
        this.request = request;
    }

    @PUT
    @Access(value = Need.WRITE, target = Access.Target.NAMING)
    public Response update() {
        RequestParams params = request.params();
        clusters.update(service(params), InstanceClusterParams.spec(params));
        return HttpJson.text("ok");
    }

    @GET
    @Path("list")
    @Access(value = Need.READ, target = Access.Target.NAMING)
    public Response list() {
        RequestParams params = request.params();
        List<Map<String, Object>> answer = clusters.settings(service(params)).values().stream()
                .map(InstanceClusterJson::of).toList();
        return json.ok(answer);
    }

    private ServiceRef service(RequestParams params) {
        return ServiceNames.v1(params);
    }
}
