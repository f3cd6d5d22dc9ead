package io.jacos.transport.http.v2;

import io.jacos.transport.http.forward.ForwardToResponsible;
import io.jacos.transport.http.CountsAsRegistration;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.IpPortClientService;
import io.jacos.application.IpPortClientService.BeatAnswer;
import io.jacos.application.ServiceRef;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.InstanceWriteRouter;
import io.jacos.transport.http.InstanceListing;
import io.jacos.transport.http.InstanceListing.ListRequest;
import io.jacos.transport.http.InstanceLookup;
import io.jacos.transport.http.param.BeatParams;
import io.jacos.transport.http.param.ClientAgent;
import io.jacos.transport.http.param.InstanceRequest;
import io.jacos.transport.http.param.InstanceRequest.Api;
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

    private IpPortClientService clients;
    private InstanceWriteRouter writes;
    private InstanceLookup lookup;
    private InstanceListing listing;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public InstanceV2Resource() {
    }

    @Inject
    public InstanceV2Resource(IpPortClientService clients, InstanceWriteRouter writes, InstanceLookup lookup,
                              InstanceListing listing, HttpJson json, ParsedRequest request) {
        this.clients = clients;
        this.writes = writes;
        this.lookup = lookup;
        this.listing = listing;
        this.json = json;
        this.request = request;
    }

    @POST
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response register() {
        writes.register(InstanceRequest.write(Api.V2, request.params()));
        return json.ok(V2Result.success("ok"));
    }

    @PUT
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response update() {
        writes.update(InstanceRequest.write(Api.V2, request.params()));
        return json.ok(V2Result.success("ok"));
    }

    @DELETE
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response deregister() {
        writes.deregister(InstanceRequest.removal(Api.V2, request.params()));
        return json.ok(V2Result.success("ok"));
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.NAMING_V2)
    public Response detail() {
        return json.ok(V2Result.success(lookup.find(InstanceRequest.lookup(Api.V2, request.params()))
                .answer("serviceName")));
    }

    /** The list; {@code ip} and {@code port} name a UDP subscriber, as in Nacos's v2 list. */
    @GET
    @Path("list")
    @Access(value = Need.READ, target = Access.Target.NAMING_V2)
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
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
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
}
