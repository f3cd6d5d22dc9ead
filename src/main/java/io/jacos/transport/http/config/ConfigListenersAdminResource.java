package io.jacos.transport.http.config;

import io.jacos.application.ConfigRef;
import io.jacos.auth.Need;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    private ConfigListenerLookup listeners;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigListenersAdminResource() {
    }

    @Inject
    public ConfigListenersAdminResource(ConfigListenerLookup listeners, HttpJson json, ParsedRequest request) {
        this.listeners = listeners;
        this.json = json;
        this.request = request;
    }

    @Operation(summary = "The gRPC connections and 1.x long polls on this node that listen to the configuration")
    @GET
    @Access(Need.READ)
    public Response list(@PathParam("group") String group, @PathParam("dataId") String dataId) {
        List<Map<String, Object>> shown = new ArrayList<>();
        for (ConfigListenerLookup.Listener listener : listeners.of(new ConfigRef(request.namespaceId(), group,
                dataId))) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("transport", listener.transport());
            one.put("connection", listener.connection());
            one.put("address", listener.address());
            one.put("clientVersion", listener.clientVersion());
            one.put("md5", listener.md5());
            shown.add(one);
        }
        return json.ok(V2Result.success(shown));
    }
}
