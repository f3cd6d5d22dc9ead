package io.jacos.transport.http.admin;

import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.ConnectionDirectory;
import io.jacos.application.NamespaceService;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.ClientKind;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.RegistryStats;
import io.jacos.transport.http.ServerReadiness;
import io.jacos.transport.http.ServerVersion;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import io.jacos.transport.http.request.JsonBodies;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * This server at a glance: version, mode, address, uptime, readiness, what the registry holds (copies of peers'
 * clients included, as queries see them), and the settings in effect with secrets masked.
 */
@JsonBodies
@Path("server")
@Access(Need.ADMIN)
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
@Tag(name = "Server and cluster", description = "This server, the cluster's nodes, draining and rebalancing")
public class ServerResource {

    private ServerVersion version;
    private ClusterMembers members;
    private ServerReadiness readiness;
    private StartTime start;
    private Clock clock;
    private NamespaceService namespaces;
    private RegistryReader reader;
    private ConnectionDirectory connections;
    private EffectiveSettings settings;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServerResource() {
    }

    @Inject
    public ServerResource(ServerVersion version, ClusterMembers members, ServerReadiness readiness, StartTime start,
                          Clock clock, NamespaceService namespaces, RegistryReader reader,
                          ConnectionDirectory connections, EffectiveSettings settings) {
        this.version = version;
        this.members = members;
        this.readiness = readiness;
        this.start = start;
        this.clock = clock;
        this.namespaces = namespaces;
        this.reader = reader;
        this.connections = connections;
        this.settings = settings;
    }

    @GET
    @Operation(summary = "This server", description = "Version, mode, node, uptime, readiness, counts and the"
            + " effective settings (secrets shown as ******)")
    @APIResponse(responseCode = "200", description = "the server")
    public Response server() {
        long now = clock.millis();
        RegistryStats stats = reader.stats();
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("namespaces", namespaces.list().size());
        counts.put("services", stats.serviceCount());
        counts.put("instances", stats.instanceCount());
        counts.put("healthyInstances", reader.healthyInstanceCount());
        counts.put("subscribers", stats.subscriberCount());
        counts.put("connections", connections.list().size());
        counts.put("ipPortClients", reader.countOf(ClientKind.IP_PORT));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("version", version.version());
        data.put("mode", members.clusterMode() ? "cluster" : "standalone");
        data.put("node", members.self().address());
        data.put("startedAt", start.millis());
        data.put("uptimeMillis", Math.max(0, now - start.millis()));
        data.put("ready", readiness.isUp());
        data.put("counts", counts);
        data.put("settings", settings.shown());
        return AdminAnswers.ok(data);
    }
}
