package io.jacos.transport.http.admin;

import jakarta.ws.rs.Consumes;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.auth.UserAdmin;
import io.jacos.model.RegistryException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import io.jacos.transport.http.request.JsonBodies;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /nacos/admin/users}: the users who may log in, for a global admin (the access filter checks that). A
 * password is only ever read from a request body, never answered or put in a message.
 */
@Tag(name = "Users and roles", description = "Users, their roles, and the roles' grants per namespace")
@JsonBodies
@Path("users")
@Access(Need.ADMIN)
@Produces(MediaType.APPLICATION_JSON)
@ApplicationScoped
public class UsersAdminResource {

    private UserAdmin users;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public UsersAdminResource() {
    }

    @Inject
    public UsersAdminResource(UserAdmin users) {
        this.users = users;
    }

    record NewUser(String username, String password) {
    }

    record NewPassword(String password) {
    }

    @GET
    @Operation(summary = "Every user with its roles and whether it is a global admin")
    @APIResponse(responseCode = "200", description = "[{username, globalAdmin, roles}]")
    public Response list() {
        return AdminAnswers.ok(users.users().stream().sorted(Comparator.comparing(UserAdmin.UserView::username))
                .map(UsersAdminResource::shown).toList());
    }

    @POST
    @Operation(summary = "Creates a user", description = "Body {username, password}; the password needs 8"
            + " characters or more. The user has no role until one is bound.")
    @APIResponse(responseCode = "201", description = "the user")
    @APIResponse(responseCode = "400", description = "missing or invalid name or password")
    @APIResponse(responseCode = "409", description = "the user exists")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(String body) {
        NewUser input = AdminRequests.body(body, NewUser.class);
        String username = required("username", input.username());
        users.createUser(username, required("password", input.password()));
        return AdminAnswers.created(shown(new UserAdmin.UserView(username, false, List.of())));
    }

    @PUT
    @Path("{username}/password")
    @Operation(summary = "Sets a user's password", description = "Body {password}")
    @APIResponse(responseCode = "200", description = "true")
    @APIResponse(responseCode = "404", description = "no such user")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response changePassword(@PathParam("username") String username, String body) {
        NewPassword input = AdminRequests.body(body, NewPassword.class);
        users.changePassword(username, required("password", input.password()));
        return AdminAnswers.ok(true);
    }

    @DELETE
    @Path("{username}")
    @Operation(summary = "Deletes a user and its role bindings", description = "The last global admin stays")
    @APIResponse(responseCode = "200", description = "true")
    @APIResponse(responseCode = "404", description = "no such user")
    @APIResponse(responseCode = "409", description = "the last global admin")
    public Response delete(@PathParam("username") String username) {
        users.deleteUser(username);
        return AdminAnswers.ok(true);
    }

    static String required(String name, String value) {
        if (value == null || value.isEmpty()) {
            throw RegistryException.missing(name, "Required parameter '" + name + "' is not present.");
        }
        return value;
    }

    private static Map<String, Object> shown(UserAdmin.UserView user) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("username", user.username());
        shown.put("globalAdmin", user.globalAdmin());
        shown.put("roles", user.roles().stream().sorted().toList());
        return shown;
    }
}
