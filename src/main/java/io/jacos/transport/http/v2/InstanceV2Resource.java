package io.jacos.transport.http.v2;

import io.jacos.transport.http.forward.ForwardToResponsible;
import io.jacos.transport.http.CountsAsRegistration;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.InstanceSpec;
import io.jacos.application.IpPortClientService;
import io.jacos.application.IpPortClientService.BeatAnswer;
import io.jacos.application.ServiceRef;
import io.jacos.model.Instance;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.InstanceWrites;
import io.jacos.transport.http.InstanceListing;
import io.jacos.transport.http.InstanceListing.ListRequest;
import io.jacos.transport.http.InstanceLookup;
import io.jacos.transport.http.param.BeatParams;
import io.jacos.transport.http.param.ClientAgent;
import io.jacos.transport.http.param.InstanceParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /nacos/v2/ns/instance}: the v1 instance operations with the bare {@code serviceName} and a separate
 * {@code groupName}, answered in the v2 envelope. An instance registered here belongs to the client of its own
 * {@code ip:port}, as in Nacos, so it lives by beats ({@code PUT /instance/beat}, answered without envelope).
 */
@Path("ns/instance")
@ApplicationScoped
public class InstanceV2Resource {

    @Inject
    IpPortClientService clients;
    @Inject
    InstanceWrites writes;
    @Inject
    InstanceLookup lookup;
    @Inject
    InstanceListing listing;
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
        writes.register(ServiceNames.v2(params), instance(params));
        return json.ok(V2Result.success("ok"));
    }

    @PUT
    @Access(Need.WRITE)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response update() {
        RequestParams params = request.params();
        writes.update(ServiceNames.v2(params), instance(params));
        return json.ok(V2Result.success("ok"));
    }

    @DELETE
    @Access(Need.WRITE)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response deregister() {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v2(params);
        writes.deregister(service, params.required("ip"), params.requiredInteger("port"), params.bool("ephemeral"));
        return json.ok(V2Result.success("ok"));
    }

    @GET
    @Access(Need.READ)
    public Response detail() {
        RequestParams params = request.params();
        InstanceLookup.Found found = lookup.find(ServiceNames.v2(params), params.text("clusterName"),
                params.required("ip"), params.requiredInteger("port"));
        Instance instance = found.instance();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("serviceName", found.service().groupedName());
        data.put("ip", instance.ip());
        data.put("port", instance.port());
        data.put("clusterName", instance.clusterName());
        data.put("weight", instance.weight());
        data.put("healthy", instance.healthy());
        data.put("instanceId", instance.instanceId());
        data.put("metadata", instance.metadata());
        return json.ok(V2Result.success(data));
    }

    /** The list; {@code ip} and {@code port} name a UDP subscriber, as in Nacos's v2 list. */
    @GET
    @Path("list")
    @Access(Need.READ)
    public Response list(@Context HttpHeaders headers, @Context HttpServletRequest servlet) {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v2(params);
        String agent = ClientAgent.of(headers.getHeaderString(HttpHeaders.USER_AGENT),
                headers.getHeaderString("Client-Version"));
        return json.ok(V2Result.success(listing.list(new ListRequest(service, params.text("clusterName", ""),
                params.bool("healthyOnly", false), agent, params.text("ip", servlet.getRemoteAddr()),
                params.integer("port", 0), "port", servlet.getRemoteAddr()))));
    }

    @PUT
    @Path("beat")
    @Access(Need.WRITE)
    @CountsAsRegistration(onlyWith = "beat")
    @ForwardToResponsible(ForwardToResponsible.Key.BEAT)
    public Response beat() {
        RequestParams params = request.params();
        BeatAnswer answer = clients.beat(ServiceNames.v2(params), BeatParams.spec(params));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("clientBeatInterval", answer.clientBeatInterval());
        result.put("code", answer.code());
        result.put("lightBeatEnabled", answer.lightBeatEnabled());
        return json.ok(result);
    }

    /** Nacos's v2 form requires the ip and port before anything else is looked at. */
    private static InstanceSpec instance(RequestParams params) {
        params.required("ip");
        params.requiredInteger("port");
        return InstanceParams.spec(params);
    }
}
