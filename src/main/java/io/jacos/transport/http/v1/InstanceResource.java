package io.jacos.transport.http.v1;

import io.jacos.application.NamespaceService;
import io.jacos.application.ServiceRef;
import io.jacos.model.Instance;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.InstanceWrites;
import io.jacos.transport.http.HttpRequests;
import io.jacos.transport.http.InstanceLookup;
import io.jacos.transport.http.param.InstanceParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /nacos/v1/ns/instance}: register (POST), deregister (DELETE), update (PUT) and detail (GET) of a 1.x
 * client's instance, the client being the instance's own {@code ip:port}.
 */
@Path("ns/instance")
@ApplicationScoped
public class InstanceResource {

    @Inject
    InstanceWrites writes;
    @Inject
    NamespaceService namespaces;
    @Inject
    InstanceLookup lookup;
    @Inject
    HttpJson json;

    @POST
    public Response register(@Context UriInfo uri, @Context HttpHeaders headers, String body) {
        RequestParams params = HttpRequests.params(uri, headers, body);
        ServiceRef service = service(params);
        writes.register(service, InstanceParams.spec(params));
        return HttpJson.text("ok");
    }

    @PUT
    public Response update(@Context UriInfo uri, @Context HttpHeaders headers, String body) {
        RequestParams params = HttpRequests.params(uri, headers, body);
        ServiceRef service = service(params);
        writes.update(service, InstanceParams.spec(params));
        return HttpJson.text("ok");
    }

    /** Answers {@code ok} whether or not the instance was there, as Nacos does. */
    @DELETE
    public Response deregister(@Context UriInfo uri, @Context HttpHeaders headers, String body) {
        RequestParams params = HttpRequests.params(uri, headers, body);
        ServiceRef service = service(params);
        writes.deregister(service, params.text("ip"), params.integer("port"), params.bool("ephemeral"));
        return HttpJson.text("ok");
    }

    @GET
    public Response detail(@Context UriInfo uri) {
        RequestParams params = HttpRequests.params(uri);
        ServiceRef service = service(params);
        InstanceLookup.Found found = lookup.find(service, InstanceParams.cluster(params), params.required("ip"),
                params.requiredInteger("port"));
        Instance instance = found.instance();
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("service", found.service().groupedName());
        answer.put("ip", instance.ip());
        answer.put("port", instance.port());
        answer.put("clusterName", instance.clusterName());
        answer.put("weight", instance.weight());
        answer.put("healthy", instance.healthy());
        answer.put("instanceId", instance.instanceId());
        answer.put("metadata", instance.metadata());
        return json.ok(answer);
    }

    private ServiceRef service(RequestParams params) {
        namespaces.requireExists(params.text("namespaceId"));
        return ServiceNames.v1(params);
    }
}
