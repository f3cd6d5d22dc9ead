package io.jacos.transport.http.v2;

import io.jacos.application.IpPortClientService;
import io.jacos.application.IpPortClientService.BeatAnswer;
import io.jacos.auth.Need;
import io.jacos.transport.http.CountsAsRegistration;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.InstanceListing;
import io.jacos.transport.http.InstanceListing.ListRequest;
import io.jacos.transport.http.InstanceWriteRouter;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.forward.ForwardToResponsible;
import io.jacos.transport.http.param.BeatParams;
import io.jacos.transport.http.param.InstanceRequest;
import io.jacos.transport.http.param.InstanceRequest.Api;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.legacy.LegacyHost;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v3/client/ns/instance}, Nacos 3's open API for clients that speak HTTP: register (or, with
 * {@code heartBeat=true}, a beat: an instance not there is HTTP 200 with code 21003, the caller's cue to register
 * again), deregister, and {@code /list}, the service's enabled instances alone, without the service around them
 * and without subscribing the caller. The parameters are v2's ({@code serviceName}, {@code groupName}).
 */
@Path("client/ns/instance")
@ApplicationScoped
public class InstanceClientV3Resource {

    private IpPortClientService clients;
    private InstanceWriteRouter writes;
    private InstanceListing listing;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public InstanceClientV3Resource() {
    }

    @Inject
    public InstanceClientV3Resource(IpPortClientService clients, InstanceWriteRouter writes, InstanceListing listing,
                                    HttpJson json, ParsedRequest request) {
        this.clients = clients;
        this.writes = writes;
        this.listing = listing;
        this.json = json;
        this.request = request;
    }

    @POST
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response register() {
        RequestParams params = request.params();
        if (params.bool("heartBeat", false)) {
            BeatAnswer answer = clients.beat(ServiceNames.v2(params), BeatParams.spec(params));
            if (answer.code() == BeatAnswer.NOT_FOUND) {
                return json.ok(new V2Result(V2Errors.INSTANCE_NOT_FOUND.code(), V2Errors.INSTANCE_NOT_FOUND.text(),
                        null));
            }
            return json.ok(V2Result.success("ok"));
        }
        writes.register(InstanceRequest.write(Api.V2, params));
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
    @Path("list")
    @Access(value = Need.READ, target = Access.Target.NAMING_V2)
    public Response list(@Context HttpServletRequest servlet) {
        RequestParams params = request.params();
        var answer = listing.list(new ListRequest(ServiceNames.v2(params), params.text("clusterName", ""), false,
                null, servlet.getRemoteAddr(), 0, "port", servlet.getRemoteAddr()));
        return json.ok(V2Result.success(answer.hosts().stream().filter(LegacyHost::enabled).toList()));
    }
}
