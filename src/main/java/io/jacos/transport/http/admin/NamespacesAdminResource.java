package io.jacos.transport.http.admin;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.Consumes;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.NamespaceService;
import io.jacos.auth.Action;
import io.jacos.auth.Identity;
import io.jacos.transport.http.access.Caller;
import io.jacos.application.NamespaceService.NamespaceInfo;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.v2.V2Result;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import io.jacos.transport.http.request.JsonBodies;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /nacos/admin/namespaces}: list with counts ({@code public} first), create (201), edit, delete. The
 * rules and refusals are {@link NamespaceService}'s: a taken id and a namespace still holding services answer
 * 409, {@code public} cannot be deleted (400).
 */
@Tag(name = "Namespaces", description = "Create, list, edit and delete namespaces")
@JsonBodies
@Path("namespaces")
@ApplicationScoped
public class NamespacesAdminResource {

    /** {@code POST} body; {@code id} absent: a generated UUID. */
    public record NewNamespace(String id, String name, String description) {
    }

    /** {@code PUT} body. */
    public record NamespaceEdit(String name, String description) {
    }

    private NamespaceService namespaces;
    private HttpJson json;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public NamespacesAdminResource() {
    }

    @Inject
    public NamespacesAdminResource(NamespaceService namespaces, HttpJson json, Caller caller) {
        this.namespaces = namespaces;
        this.json = json;
        this.caller = caller;
    }

    @Operation(summary = "Every namespace the caller may read, with its service and instance counts,"
            + " public first")
    @GET
    @Access(Need.IDENTITY)
    public Response list() {
        List<Map<String, Object>> data = new ArrayList<>();
        // With auth on, a user sees the namespaces it may read (an admin, and everyone with auth off, sees all).
        Identity identity = caller.identity();
        List<NamespaceInfo> all = namespaces.list().stream().filter(n -> identity.may(n.id(), Action.READ)).toList();
        all.stream().filter(n -> AdminRequests.PUBLIC.equals(n.id())).map(NamespacesAdminResource::shown)
                .forEach(data::add);
        all.stream().filter(n -> !AdminRequests.PUBLIC.equals(n.id())).map(NamespacesAdminResource::shown)
                .forEach(data::add);
        return json.ok(V2Result.success(data));
    }

    @Operation(summary = "Creates a namespace (an id is generated when none is given)")
    @POST
    @Access(Need.ADMIN)
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(String body) {
        NewNamespace input = AdminRequests.body(body, NewNamespace.class);
        String id = namespaces.create(input.id(), input.name(), input.description());
        return Response.status(201).type(HttpJson.JSON_UTF8)
                .entity(json.write(V2Result.success(shown(namespaces.get(id))))).build();
    }

    @Operation(summary = "Edits a namespace's name and description")
    @PUT
    @Path("{id}")
    @Access(Need.ADMIN)
    @Consumes(MediaType.APPLICATION_JSON)
    public Response update(@PathParam("id") String id, String body) {
        NamespaceEdit input = AdminRequests.body(body, NamespaceEdit.class);
        namespaces.get(id);
        namespaces.update(id, input.name(), input.description());
        return json.ok(V2Result.success(shown(namespaces.get(id))));
    }

    @Operation(summary = "Deletes an empty namespace (409 while it holds services)")
    @DELETE
    @Path("{id}")
    @Access(Need.ADMIN)
    public Response delete(@PathParam("id") String id) {
        namespaces.delete(id);
        return json.ok(V2Result.success(true));
    }

    static Map<String, Object> shown(NamespaceInfo namespace) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("id", namespace.id());
        shown.put("name", namespace.name());
        shown.put("description", namespace.description());
        shown.put("serviceCount", namespace.serviceCount());
        shown.put("instanceCount", namespace.instanceCount());
        return shown;
    }
}
