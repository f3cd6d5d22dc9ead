package io.jacos.transport.http.v2;

import io.jacos.application.InstanceAdminService;
import io.jacos.application.InstanceEdit;
import io.jacos.application.ServiceCatalogService;
import io.jacos.application.ServiceRef;
import io.jacos.auth.Need;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.transport.http.CountsAsRegistration;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.InstanceLookup;
import io.jacos.transport.http.InstanceWriteRouter;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.forward.ForwardToResponsible;
import io.jacos.transport.http.param.InstanceRequest;
import io.jacos.transport.http.param.InstanceRequest.Api;
import io.jacos.transport.http.param.MetadataParam;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v3/admin/ns/instance}, as Nacos 3's maintainer SDK calls it. Register, update and deregister take
 * v2's parameters and go where v2's go: {@code ephemeral=false} makes a persistent instance; otherwise the
 * instance belongs to the client of its own {@code ip:port} and ends unless something beats for it, as in Nacos 3.
 * {@code /partial} edits only what it is given ({@code weight}, {@code enabled}, {@code metadata}) of any instance;
 * {@code /metadata/batch} is v2's batch metadata call; {@code /list} gives every instance of a cluster, disabled
 * ones too, {@code healthyOnly} keeping the healthy.
 */
@Path("admin/ns/instance")
@ApplicationScoped
public class InstanceAdminV3Resource {

    private InstanceWriteRouter writes;
    private InstanceLookup lookup;
    private InstanceAdminService instances;
    private ServiceCatalogService catalog;
    private InstanceMetadataV2Resource metadataBatch;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public InstanceAdminV3Resource() {
    }

    @Inject
    public InstanceAdminV3Resource(InstanceWriteRouter writes, InstanceLookup lookup, InstanceAdminService instances,
                                   ServiceCatalogService catalog, InstanceMetadataV2Resource metadataBatch,
                                   HttpJson json, ParsedRequest request, Caller caller) {
        this.writes = writes;
        this.lookup = lookup;
        this.instances = instances;
        this.catalog = catalog;
        this.metadataBatch = metadataBatch;
        this.json = json;
        this.request = request;
        this.caller = caller;
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
        InstanceLookup.Found found = lookup.find(InstanceRequest.lookup(Api.V2, request.params()));
        return json.ok(V2Result.success(NamingV3Json.instance(found.service(), found.instance())));
    }

    @GET
    @Path("list")
    @Access(value = Need.READ, target = Access.Target.NAMING_V2)
    public Response list() {
        RequestParams params = request.params();
        ServiceRef ref = ServiceNames.v2(params);
        boolean healthyOnly = params.bool("healthyOnly", false);
        ServiceKey key = catalog.key(ref);
        return json.ok(V2Result.success(instances.instances(ref, params.text("clusterName", Instance.DEFAULT_CLUSTER))
                .stream().map(InstanceAdminService.PublishedInstance::instance)
                .filter(instance -> !healthyOnly || instance.healthy())
                .map(instance -> NamingV3Json.instance(key, instance)).toList()));
    }

    /** Nacos 3 replaces the metadata whenever {@code metadata} is not blank, so the SDK's {@code {}} empties it. */
    @PUT
    @Path("partial")
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    @ForwardToResponsible(ForwardToResponsible.Key.INSTANCE)
    public Response partialUpdate(@Context HttpServletRequest servlet) {
        RequestParams params = request.params();
        ServiceRef ref = ServiceNames.v2(params);
        String ip = params.required("ip");
        int port = params.requiredInteger("port");
        InstanceEdit edit = new InstanceEdit(params.decimal("weight"), params.bool("enabled"),
                MetadataParam.parse(params, "metadata"));
        instances.edit(ref, params.text("clusterName", Instance.DEFAULT_CLUSTER), ip, port, edit,
                ChangeOrigin.admin(caller.identity().username(), servlet.getRemoteAddr()));
        return json.ok(V2Result.success("ok"));
    }

    @PUT
    @Path("metadata/batch")
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response updateMetadata(@Context HttpServletRequest servlet) {
        return metadataBatch.update(servlet);
    }

    @DELETE
    @Path("metadata/batch")
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response deleteMetadata(@Context HttpServletRequest servlet) {
        return metadataBatch.delete(servlet);
    }
}
