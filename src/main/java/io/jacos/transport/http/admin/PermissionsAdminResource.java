package io.jacos.transport.http.admin;

import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.ws.rs.Consumes;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.auth.Action;
import io.jacos.auth.ResourcePattern;
import io.jacos.auth.UserAdmin;
import io.jacos.auth.UserAdmin.Permission;
import io.jacos.model.RegistryException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import io.jacos.transport.http.request.JsonBodies;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code /nacos/admin/permissions}: what a role may do per namespace ({@code READ}, {@code WRITE}; namespace
 * {@code *} for all), or on less than a namespace with {@code scope} ({@code group:type/name}, as in Nacos's
 * {@code namespaceId:group:type/name}; absent or {@code *:*} for the whole namespace). For a global admin only.
 */
@Tag(name = "Users and roles")
@JsonBodies
@Path("permissions")
@Access(Need.ADMIN)
@Produces(MediaType.APPLICATION_JSON)
@ApplicationScoped
public class PermissionsAdminResource {

    private UserAdmin users;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public PermissionsAdminResource() {
    }

    @Inject
    public PermissionsAdminResource(UserAdmin users, ParsedRequest request) {
        this.users = users;
        this.request = request;
    }

    /** @param scope absent for the whole namespace; or narrower, {@code group:type/name} ({@link ResourcePattern}) */
    record Grant(String role, String namespaceId, String scope, List<String> actions) {
    }

    @GET
    @Operation(summary = "Every grant: role, namespace, scope, actions")
    @APIResponse(responseCode = "200", description = "[{role, namespaceId, scope, actions}]")
    public Response list() {
        return AdminAnswers.ok(users.permissions().stream()
                .sorted(Comparator.comparing(Permission::role).thenComparing(Permission::namespaceId)
                        .thenComparing(Permission::scope))
                .map(PermissionsAdminResource::shown).toList());
    }

    @POST
    @Operation(summary = "Grants a role actions in a namespace", description = "Body {role, namespaceId,"
            + " scope?, actions:[\"READ\",\"WRITE\"]}; scope 'group:type/name' narrows it (absent: the whole"
            + " namespace); adds to what the role has there")
    @APIResponse(responseCode = "201", description = "the grant as asked")
    @APIResponse(responseCode = "400", description = "missing role or namespace, an unknown action or a"
            + " malformed scope")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response grant(String body) {
        Grant input = AdminRequests.body(body, Grant.class);
        Permission permission = permission(input.role(), input.namespaceId(), input.scope(), input.actions());
        users.grant(permission);
        return AdminAnswers.created(shown(permission));
    }

    @DELETE
    @Operation(summary = "Revokes actions of a role in a namespace", description = "Query role, namespaceId,"
            + " scope (absent: the whole namespace) and actions (READ, WRITE, comma-separated)")
    @APIResponse(responseCode = "200", description = "true")
    @APIResponse(responseCode = "404", description = "the role has no such grant")
    public Response revoke() {
        RequestParams params = request.params();
        String role = params.get("role");
        String namespaceId = params.get("namespaceId");
        String actions = params.get("actions");
        List<String> names = actions == null ? null : List.of(actions.split(","));
        users.revoke(permission(role, namespaceId, params.text("scope"), names));
        return AdminAnswers.ok(true);
    }

    static Permission permission(String role, String namespaceId, String scope, List<String> actionNames) {
        if (actionNames == null || actionNames.isEmpty()) {
            throw RegistryException.missing("actions", "Required parameter 'actions' is not present.");
        }
        Set<Action> actions = EnumSet.noneOf(Action.class);
        for (String name : actionNames) {
            actions.add(action(name));
        }
        return new Permission(UsersAdminResource.required("role", role),
                UsersAdminResource.required("namespaceId", namespaceId), scope, actions);
    }

    private static Action action(String name) {
        String upper = name == null ? "" : name.strip().toUpperCase(Locale.ROOT);
        try {
            return Action.valueOf(upper);
        } catch (IllegalArgumentException e) {
            throw RegistryException.illegal("actions", "Param 'actions' is illegal: '" + name
                    + "' (expected READ or WRITE).");
        }
    }

    private static Map<String, Object> shown(Permission permission) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("role", permission.role());
        shown.put("namespaceId", permission.namespaceId());
        shown.put("scope", permission.scope());
        shown.put("actions", permission.actions().stream().sorted().map(Action::name).toList());
        return shown;
    }
}
