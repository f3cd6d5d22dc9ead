package io.jacos.transport.http.console;

import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.cluster.ClusterMembers;
import io.jacos.infrastructure.Settings;
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
 * {@code GET /nacos/v1/console/server/state}: the keys of Nacos's server state, string values as Nacos gives
 * them ({@code standalone_mode} and {@code startup_mode}: {@code standalone}, or {@code cluster} when other
 * nodes are configured; no authentication, naming only), plus
 * {@code server_status}, this server's readiness as UP or DOWN.
 */
@Path("console/server")
@ApplicationScoped
public class ServerStateResource {

    @Inject
    ServerVersion version;
    @Inject
    ServerReadiness readiness;
    @Inject
    Settings settings;
    @Inject
    HttpJson json;
    @Inject
    ClusterMembers members;

    @GET
    @Path("state")
    @Access(Need.OPEN)
    public Response state() {
        Map<String, String> state = new LinkedHashMap<>();
        state.put("version", version.version());
        String mode = members.clusterMode() ? "cluster" : "standalone";
        state.put("standalone_mode", mode);
        state.put("startup_mode", mode);
        state.put("function_mode", "naming");
        state.put("server_port", Integer.toString(settings.mainPort()));
        state.put("auth_enabled", "false");
        state.put("login_page_enabled", "false");
        state.put("console_ui_enabled", "false");
        state.put("server_status", readiness.status());
        return json.ok(state);
    }
}
