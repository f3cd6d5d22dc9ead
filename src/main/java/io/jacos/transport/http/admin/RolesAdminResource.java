package io.jacos.transport.http.admin;

import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.ws.rs.Consumes;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.auth.UserAdmin;
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
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /nacos/admin/roles}: which user holds which role. {@code ROLE_ADMIN} makes a global admin; any other
 * role name grants what {@code /nacos/admin/permissions} gives it. For a global admin only.
 */
@Tag(name = "Users and roles")
@JsonBodies
@Path("roles")
@Access(Need.ADMIN)
@Produces(MediaType.APPLICATION_JSON)
@ApplicationScoped
public class RolesAdminResource {

    private UserAdmin users;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public RolesAdminResource() {
    }

    @Inject
    public RolesAdminResource(UserAdmin users, ParsedRequest request) {
        this.users = users;
        this.request = request;
    }

    record Binding(String role, String username) {
    }

    @GET
    @Operation(summary = "Every role binding")
    @APIResponse(responseCode = "200", description = "[{role, username}]")
    public Response list() {
        return AdminAnswers.ok(users.roles().stream()
                .sorted(Comparator.comparing(UserAdmin.RoleBinding::role).thenComparing(UserAdmin.RoleBinding::username))
                .map(b -> shown(b.role(), b.username())).toList());
    }

    @POST
    @Operation(summary = "Binds a role to a user", description = "Body {role, username}")
    @APIResponse(responseCode = "201", description = "{role, username}")
    @APIResponse(responseCode = "404", description = "no such user")
    @APIResponse(responseCode = "409", description = "bound already")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response bind(String body) {
        Binding input = AdminRequests.body(body, Binding.class);
        String role = UsersAdminResource.required("role", input.role());
        String username = UsersAdminResource.required("username", input.username());
        users.bindRole(role, username);
        return AdminAnswers.created(shown(role, username));
    }

    /** In this field order, so a listing reads the same every time. */
    private static Map<String, Object> shown(String role, String username) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("role", role);
        shown.put("username", username);
        return shown;
    }

    @DELETE
    @Operation(summary = "Unbinds a role from a user", description = "Query role and username; the last global"
            + " admin keeps ROLE_ADMIN")
    @APIResponse(responseCode = "200", description = "true")
    @APIResponse(responseCode = "404", description = "no such binding")
    @APIResponse(responseCode = "409", description = "it would leave no global admin")
    public Response unbind() {
        RequestParams params = request.params();
        users.unbindRole(UsersAdminResource.required("role", params.get("role")),
                UsersAdminResource.required("username", params.get("username")));
        return AdminAnswers.ok(true);
    }
}
