package io.jacos.transport.http.config;

import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.application.ConnectionDirectory;
import io.jacos.auth.Need;
import io.jacos.model.ClientId;
import io.jacos.push.ConfigLongPollService;
import io.jacos.push.ConfigLongPolls;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.request.JsonBodies;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code GET /nacos/admin/configs/{group}/{dataId}/listeners} (in the admin API): who listens to a configuration on
 * this node. A gRPC listener is its connection; push keeps it at the current content while it is connected, so no
 * md5 is shown for it. A 1.x long poll shows the md5 its client holds, which differs from the current one only
 * while its answer is on its way.
 */
@Tag(name = "Configurations", description = "Search, read, edit and remove configurations")
@JsonBodies
@Path("configs/{group}/{dataId}/listeners")
@ApplicationScoped
public class ConfigListenersAdminResource {

    private ConfigService configs;
    private ConfigLongPollService polls;
    private ConnectionDirectory connections;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigListenersAdminResource() {
    }

    @Inject
    public ConfigListenersAdminResource(ConfigService configs, ConfigLongPollService polls,
                                        ConnectionDirectory connections, HttpJson json, ParsedRequest request) {
        this.configs = configs;
        this.polls = polls;
        this.connections = connections;
        this.json = json;
        this.request = request;
    }

    @Operation(summary = "The gRPC connections and 1.x long polls on this node that listen to the configuration")
    @GET
    @Access(Need.READ)
    public Response list(@PathParam("group") String group, @PathParam("dataId") String dataId) {
        ConfigRef ref = new ConfigRef(request.namespaceId(), group, dataId);
        List<Map<String, Object>> shown = new ArrayList<>();
        for (String connection : configs.listeningConnections(ref)) {
            Optional<ConnectionDirectory.ConnectionInfo> info = connections.find(new ClientId(connection));
            shown.add(listener("grpc", connection, info.map(ConnectionDirectory.ConnectionInfo::clientIp).orElse(null),
                    info.map(ConnectionDirectory.ConnectionInfo::clientVersion).orElse(null), null));
        }
        polls.holdersOf(configs.keyOf(ref)).stream()
                .sorted(Comparator.comparing(ConfigLongPolls.Holder::address))
                .forEach(poll -> shown.add(listener("http", null, poll.address(), null, poll.md5())));
        return json.ok(V2Result.success(shown));
    }

    private static Map<String, Object> listener(String transport, String connection, String address,
                                                String clientVersion, String md5) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("transport", transport);
        shown.put("connection", connection);
        shown.put("address", address);
        shown.put("clientVersion", clientVersion);
        shown.put("md5", md5);
        return shown;
    }
}
