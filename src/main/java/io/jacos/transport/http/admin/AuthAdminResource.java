package io.jacos.transport.http.admin;

import jakarta.ws.rs.Consumes;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.auth.Action;
import io.jacos.auth.AuthGate;
import io.jacos.auth.Identity;
import io.jacos.auth.LoginService;
import io.jacos.transport.http.access.Caller;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import io.jacos.transport.http.request.JsonBodies;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code /nacos/admin/auth}: the console's login (JSON in, the same token the clients get from
 * {@code /nacos/v1/auth/users/login}) and who the caller is. The console asks {@code me} first: 401 means auth is
 * on and it has no valid token, so it shows its login page.
 */
@Tag(name = "Users and roles")
@JsonBodies
@Path("auth")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class AuthAdminResource {

    private AuthGate gate;
    private LoginService logins;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public AuthAdminResource() {
    }

    @Inject
    public AuthAdminResource(AuthGate gate, LoginService logins, Caller caller) {
        this.gate = gate;
        this.logins = logins;
        this.caller = caller;
    }

    record Credentials(String username, String password) {
    }

    @GET
    @Path("me")
    @Access(Need.IDENTITY)
    @Operation(summary = "Who am I", description = "Whether auth is on, and the caller's name, admin flag and"
            + " grants (namespace to actions, and the narrower ones: resource to actions); with auth off every"
            + " caller is an unnamed admin")
    @APIResponse(responseCode = "200", description = "{authEnabled, username, globalAdmin, grants, narrowerGrants}")
    @APIResponse(responseCode = "401", description = "auth is on and the token is missing, invalid or expired")
    public Response me() {
        Identity identity = caller.identity();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("authEnabled", gate.enabled());
        data.put("username", identity.username());
        data.put("globalAdmin", identity.globalAdmin());
        Map<String, List<String>> grants = new TreeMap<>();
        identity.grants().forEach((ns, actions) -> grants.put(ns, names(actions)));
        data.put("grants", grants);
        Map<String, List<String>> narrower = new TreeMap<>();
        // Two roles may grant on the same resource: the actions add up.
        identity.narrower().forEach(n -> narrower.merge(n.pattern().resource(), names(n.actions()),
                (a, b) -> java.util.stream.Stream.concat(a.stream(), b.stream()).distinct().sorted().toList()));
        data.put("narrowerGrants", narrower);
        return AdminAnswers.ok(data);
    }

    @POST
    @Path("login")
    @Access(Need.OPEN)
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Log in", description = "Body {username, password}; answers the access token to send as"
            + " Authorization: Bearer, and its lifetime in seconds. Failed attempts are throttled per address.")
    @APIResponse(responseCode = "200", description = "{accessToken, tokenTtl, globalAdmin, username}")
    @APIResponse(responseCode = "403", description = "wrong name or password")
    @APIResponse(responseCode = "429", description = "too many failed attempts from this address or for this user, or too many logins being checked")
    public Response login(String body, @Context HttpServletRequest request) {
        Credentials input = AdminRequests.body(body, Credentials.class);
        LoginService.LoginResult result = logins.login(UsersAdminResource.required("username", input.username()),
                UsersAdminResource.required("password", input.password()), request.getRemoteAddr());
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("accessToken", result.accessToken());
        data.put("tokenTtl", result.tokenTtlSeconds());
        data.put("globalAdmin", result.globalAdmin());
        data.put("username", result.username());
        return AdminAnswers.ok(data);
    }

    private static List<String> names(Set<Action> actions) {
        return actions.stream().sorted().map(Action::name).toList();
    }
}
