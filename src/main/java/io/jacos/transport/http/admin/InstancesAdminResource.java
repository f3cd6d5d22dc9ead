package io.jacos.transport.http.admin;

import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.Consumes;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.InstanceAdminService;
import io.jacos.application.InstanceAdminService.PublishedInstance;
import io.jacos.application.InstanceEdit;
import io.jacos.application.ServiceRef;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.Instance;
import io.jacos.model.NodeId;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.v2.V2Result;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import io.jacos.transport.http.request.JsonBodies;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code /nacos/admin/services/{group}/{service}/instances}: the service's instances with the client publishing
 * each and its owner node, and an edit of one (weight, enabled, metadata). In cluster mode an ephemeral instance
 * whose client another node owns is edited there: the request is relayed to that node as it came (marked, so it
 * is never relayed again); when the node cannot be reached the edit is refused with 409 naming it.
 */
@Tag(name = "Instances", description = "Instances of a service, and operators' edits of them")
@JsonBodies
@Path("services/{group}/{service}/instances")
@ApplicationScoped
public class InstancesAdminResource {

    private InstanceAdminService instances;
    private ServicesAdminResource services;
    private ClusterMembers members;
    private HttpJson json;
    private PeerAdmin peers;
    private Caller caller;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public InstancesAdminResource() {
    }

    @Inject
    public InstancesAdminResource(InstanceAdminService instances, ServicesAdminResource services,
                                  ClusterMembers members, HttpJson json, PeerAdmin peers, Caller caller,
                                  ParsedRequest request) {
        this.instances = instances;
        this.services = services;
        this.members = members;
        this.json = json;
        this.peers = peers;
        this.caller = caller;
        this.request = request;
    }

    @Operation(summary = "Instances of a service, optionally of one cluster, with owning client and node")
    @GET
    @Access(Need.READ)
    public Response list(@PathParam("group") String group, @PathParam("service") String service) {
        ServiceRef ref = services.ref(group, service);
        return json.ok(V2Result.success(instances.instances(ref, request.params().get("cluster")).stream()
                .map(InstancesAdminResource::shown).toList()));
    }

    @Operation(summary = "Edits weight, enabled and metadata; ephemeral edits last as long as the instance, persistent ones are stored; pushed")
    @PUT
    @Access(Need.WRITE)
    @Consumes(MediaType.APPLICATION_JSON)
    public Response edit(@PathParam("group") String group, @PathParam("service") String service,
                         @Context HttpServletRequest servlet, String body) {
        RequestParams params = request.params();
        String cluster = params.get("cluster");
        String ip = params.get("ip");
        String portText = params.get("port");
        ServiceRef ref = services.ref(group, service);
        InstanceEdit edit = AdminRequests.body(body, InstanceEdit.class);
        Integer port = portText == null || portText.isBlank() ? null
                : AdminRequests.integer("port", portText, 0, 0, 65535);
        if (edit.isEmpty()) {
            throw RegistryException.missing("weight", "Give at least one of 'weight', 'enabled', 'metadata'.");
        }
        PublishedInstance found = instances.find(ref, cluster, ip, port);
        Optional<Response> relayed = relayToOwner(found, servlet, body);
        if (relayed.isPresent()) {
            return relayed.get();
        }
        PublishedInstance edited = instances.edit(ref, cluster, ip, port, edit,
                ChangeOrigin.admin(caller.identity().username(), servlet.getRemoteAddr()));
        return json.ok(V2Result.success(shown(edited)));
    }

    /** The owner node's answer, when the instance is an ephemeral one of a client another node owns. */
    private Optional<Response> relayToOwner(PublishedInstance found, HttpServletRequest request, String body) {
        String self = members.self().address();
        if (!found.instance().ephemeral() || self.equals(found.owner())
                || peers.relayedByPeer()) {
            return Optional.empty();
        }
        NodeId owner;
        try {
            owner = NodeId.parse(found.owner(), members.self().port());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        return Optional.of(peers.relay(owner, "PUT", request.getRequestURI(), request.getQueryString(), body, false));
    }

    static Map<String, Object> shown(PublishedInstance published) {
        Instance instance = published.instance();
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("instanceId", instance.instanceId());
        shown.put("ip", instance.ip());
        shown.put("port", instance.port());
        shown.put("weight", instance.weight());
        shown.put("healthy", instance.healthy());
        shown.put("enabled", instance.enabled());
        shown.put("ephemeral", instance.ephemeral());
        shown.put("clusterName", instance.clusterName());
        shown.put("metadata", instance.metadata());
        shown.put("client", published.client().value());
        shown.put("node", published.owner());
        return shown;
    }
}
