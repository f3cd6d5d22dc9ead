package io.jacos.transport.http.auth;

import io.jacos.auth.Action;
import io.jacos.auth.LoginService;
import io.jacos.auth.Need;
import io.jacos.auth.ResourcePattern;
import io.jacos.auth.UserAdmin;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.RequestParams;
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

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code /nacos/v1/auth}: the login 1.x and 2.x clients call ({@code POST users/login}, name in the query and
 * password in the form; {@code login} is the older path), and Nacos's own user API for tools written against Nacos,
 * each call a global admin's: {@code users} ({@code username}, {@code password} or {@code newPassword}),
 * {@code roles} ({@code role}, {@code username}) and {@code permissions} ({@code role}, {@code resource} as Nacos
 * writes it: {@code namespaceId:*:*} for a whole namespace or a narrower {@code namespaceId:group:type/name},
 * see {@link ResourcePattern}; and {@code action} {@code r}, {@code w} or {@code rw}). Those answer Nacos's {@code {"code","message","data"}}. The admin API has the same operations in its
 * own form.
 */
@Path("auth")
@ApplicationScoped
public class AuthV1Resource {

    private LoginService logins;
    private UserAdmin users;
    private ParsedRequest request;
    private HttpJson json;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public AuthV1Resource() {
    }

    @Inject
    public AuthV1Resource(LoginService logins, UserAdmin users, ParsedRequest request, HttpJson json) {
        this.logins = logins;
        this.users = users;
        this.request = request;
        this.json = json;
    }

    @POST
    @Path("users/login")
    @Access(Need.OPEN)
    public Response login(@Context HttpServletRequest servlet) {
        return LoginAnswers.login(logins, json, params().get("username"), params().get("password"),
                servlet.getRemoteAddr());
    }

    @POST
    @Path("login")
    @Access(Need.OPEN)
    public Response olderLogin(@Context HttpServletRequest servlet) {
        return login(servlet);
    }

    @GET
    @Path("users")
    @Access(Need.ADMIN)
    public Response userList() {
        return answer(users::users);
    }

    @POST
    @Path("users")
    @Access(Need.ADMIN)
    public Response createUser() {
        return done("users post", () -> users.createUser(required("username"), required("password")));
    }

    @PUT
    @Path("users")
    @Access(Need.ADMIN)
    public Response changePassword() {
        return done("users put", () -> users.changePassword(required("username"), required("newPassword")));
    }

    @DELETE
    @Path("users")
    @Access(Need.ADMIN)
    public Response deleteUser() {
        return done("users delete", () -> users.deleteUser(required("username")));
    }

    @GET
    @Path("roles")
    @Access(Need.ADMIN)
    public Response roleList() {
        return answer(users::roles);
    }

    @POST
    @Path("roles")
    @Access(Need.ADMIN)
    public Response bindRole() {
        return done("roles post", () -> users.bindRole(required("role"), required("username")));
    }

    @DELETE
    @Path("roles")
    @Access(Need.ADMIN)
    public Response unbindRole() {
        return done("roles delete", () -> users.unbindRole(required("role"), required("username")));
    }

    @GET
    @Path("permissions")
    @Access(Need.ADMIN)
    public Response permissionList() {
        return answer(users::permissions);
    }

    @POST
    @Path("permissions")
    @Access(Need.ADMIN)
    public Response grant() {
        return done("permissions post", () -> users.grant(permission()));
    }

    @DELETE
    @Path("permissions")
    @Access(Need.ADMIN)
    public Response revoke() {
        return done("permissions delete", () -> users.revoke(permission()));
    }

    private RequestParams params() {
        return request.params();
    }

    private UserAdmin.Permission permission() {
        ResourcePattern resource = ResourcePattern.parse(required("resource"));
        String action = required("action");
        if (!action.matches("rw|r|w")) {
            throw new IllegalArgumentException("action must be r, w or rw");
        }
        Set<Action> actions = EnumSet.noneOf(Action.class);
        if (action.contains("r")) {
            actions.add(Action.READ);
        }
        if (action.contains("w")) {
            actions.add(Action.WRITE);
        }
        return new UserAdmin.Permission(required("role"), resource.namespaceId(), resource.scope(), actions);
    }

    private String required(String name) {
        String value = params().text(name);
        if (value == null) {
            throw new IllegalArgumentException("Param '" + name + "' is required.");
        }
        return value;
    }

    private Response done(String what, Runnable change) {
        return answer(() -> {
            change.run();
            return what + " ok!";
        });
    }

    private Response answer(Supplier<Object> call) {
        try {
            Object data = call.get();
            return envelope(200, data instanceof String text ? text : "ok", data instanceof String ? null : data);
        } catch (UserAdmin.Refused e) {
            return envelope(e.kind() == UserAdmin.Refused.Kind.UNKNOWN ? 404
                    : e.kind() == UserAdmin.Refused.Kind.CONFLICT ? 409 : 400, e.getMessage(), null);
        } catch (IllegalArgumentException e) {
            return envelope(400, e.getMessage(), null);
        }
    }

    private Response envelope(int code, String message, Object data) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", message);
        body.put("data", data);
        return Response.status(code).type(HttpJson.JSON_UTF8).header("Cache-Control", "no-store")
                .entity(json.write(body)).build();
    }
}
