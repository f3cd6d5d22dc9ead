package io.jacos.transport.http.v1;

import io.jacos.transport.http.forward.ForwardToResponsible;
import io.jacos.transport.http.CountsAsRegistration;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.ServiceRef;
import io.jacos.model.Instance;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.InstanceWrites;
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
import jakarta.ws.rs.core.Response;

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
    InstanceLookup lookup;
    @Inject
    HttpJson json;
    @Inject
    ParsedRequest request;

    @POST
    @Access(Need.WRITE)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response register() {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v1(params);
        writes.register(service, InstanceParams.spec(params));
        return HttpJson.text("ok");
    }

    @PUT
    @Access(Need.WRITE)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response update() {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v1(params);
        writes.update(service, InstanceParams.spec(params));
        return HttpJson.text("ok");
    }

    /** Answers {@code ok} whether or not the instance was there, as Nacos does. */
    @DELETE
    @Access(Need.WRITE)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response deregister() {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v1(params);
        writes.deregister(service, params.text("ip"), params.integer("port"), params.bool("ephemeral"));
        return HttpJson.text("ok");
    }

    @GET
    @Access(Need.READ)
    public Response detail() {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v1(params);
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
}
