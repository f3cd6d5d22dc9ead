package io.jacos.transport.http.v1;

import io.jacos.transport.http.forward.ForwardToResponsible;
import io.jacos.transport.http.CountsAsRegistration;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.InstanceWriteRouter;
import io.jacos.transport.http.InstanceLookup;
import io.jacos.transport.http.param.InstanceRequest;
import io.jacos.transport.http.param.InstanceRequest.Api;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v1/ns/instance}: register (POST), deregister (DELETE), update (PUT) and detail (GET) of a 1.x
 * client's instance, the client being the instance's own {@code ip:port}.
 */
@Path("ns/instance")
@ApplicationScoped
public class InstanceResource {

    private InstanceWriteRouter writes;
    private InstanceLookup lookup;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public InstanceResource() {
    }

    @Inject
    public InstanceResource(InstanceWriteRouter writes, InstanceLookup lookup, HttpJson json, ParsedRequest request) {
        this.writes = writes;
        this.lookup = lookup;
        this.json = json;
        this.request = request;
    }

    @POST
    @Access(value = Need.WRITE, target = Access.Target.NAMING)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response register() {
        writes.register(InstanceRequest.write(Api.V1, request.params()));
        return HttpJson.text("ok");
    }

    @PUT
    @Access(value = Need.WRITE, target = Access.Target.NAMING)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response update() {
        writes.update(InstanceRequest.write(Api.V1, request.params()));
        return HttpJson.text("ok");
    }

    /** Answers {@code ok} whether or not the instance was there, as Nacos does. */
    @DELETE
    @Access(value = Need.WRITE, target = Access.Target.NAMING)
    @CountsAsRegistration
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response deregister() {
        writes.deregister(InstanceRequest.removal(Api.V1, request.params()));
        return HttpJson.text("ok");
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.NAMING)
    public Response detail() {
        return json.ok(lookup.find(InstanceRequest.lookup(Api.V1, request.params())).answer("service"));
    }
}
