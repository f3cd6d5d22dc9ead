package io.jacos.transport.http.console;

import io.jacos.auth.AuthGate;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.cluster.ClusterMembers;
import io.jacos.infrastructure.ServerEndpoints;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.ServerReadiness;
import io.jacos.transport.http.ServerVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /nacos/v1/console/server/state}: the keys Nacos 2.5.1 answers for a naming server, string values as
 * Nacos gives them: {@code startup_mode} ({@code standalone}, or {@code cluster} when other nodes are configured;
 * also as {@code standalone_mode}, Nacos 1.x's name), {@code function_mode} ({@code naming}), {@code version},
 * {@code server_port}; the auth state ({@code auth_enabled}, {@code login_page_enabled} alike, {@code auth_system_type}
 * {@code nacos}, {@code auth_admin_request} always false: with auth on this server does not serve until a global
 * admin exists, so the console never has to create the first one); {@code console_ui_enabled} false (Nacos's
 * console is not served); plus {@code server_status}, this server's readiness as UP or DOWN. Nacos's keys of
 * modules this server does not have (config, Distro and Raft tuning) are left out.
 */
@Path("console/server")
@ApplicationScoped
public class ServerStateResource {

    private ServerVersion version;
    private ServerReadiness readiness;
    private ServerEndpoints endpoints;
    private HttpJson json;
    private ClusterMembers members;
    private AuthGate auth;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServerStateResource() {
    }

    @Inject
    public ServerStateResource(ServerVersion version, ServerReadiness readiness, ServerEndpoints endpoints,
                               HttpJson json, ClusterMembers members, AuthGate auth) {
        this.version = version;
        this.readiness = readiness;
        this.endpoints = endpoints;
        this.json = json;
        this.members = members;
        this.auth = auth;
    }

    @GET
    @Path("state")
    @Access(Need.OPEN)
    public Response state() {
        return json.ok(state(version.version(), members.clusterMode(), endpoints.mainPort(), auth.enabled(),
                readiness.status()));
    }

    static Map<String, String> state(String version, boolean clusterMode, int port, boolean authEnabled,
                                     String status) {
        Map<String, String> state = new LinkedHashMap<>();
        state.put("version", version);
        String mode = clusterMode ? "cluster" : "standalone";
        state.put("standalone_mode", mode);
        state.put("startup_mode", mode);
        state.put("function_mode", "naming");
        state.put("server_port", Integer.toString(port));
        state.put("auth_enabled", Boolean.toString(authEnabled));
        state.put("login_page_enabled", Boolean.toString(authEnabled));
        state.put("auth_system_type", "nacos");
        state.put("auth_admin_request", "false");
        state.put("console_ui_enabled", "false");
        state.put("server_status", status);
        return state;
    }
}
