package io.jacos.transport.http.config;

import io.jacos.application.ConfigRef;
import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code GET /nacos/v3/admin/cs/config/listener}: who listens to a configuration on any node, as Nacos 3's
 * {@code ConfigListenerInfo} ({@code queryType} {@code config}, {@code listenersStatus} from the client's address
 * to the md5 it holds). A 1.x long poll names its md5; a gRPC listener's is not kept here, so its entry is null.
 * Like Nacos, one address with several listeners is one entry.
 */
@Path("admin/cs/config/listener")
@ApplicationScoped
public class ConfigListenersV3Resource {

    private ConfigListenerLookup listeners;
    private ListenersOnEveryNode everyNode;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigListenersV3Resource() {
    }

    @Inject
    public ConfigListenersV3Resource(ConfigListenerLookup listeners, ListenersOnEveryNode everyNode, HttpJson json,
                                     ParsedRequest request) {
        this.listeners = listeners;
        this.everyNode = everyNode;
        this.json = json;
        this.request = request;
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.CONFIG_V3)
    public Response listeners() {
        ConfigRef ref = ConfigRequests.refV3(request.params());
        Map<String, String> status = new TreeMap<>();
        listeners.of(ref).forEach(listener -> ConfigListenerLookup.byAddress(status, listener));
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("queryType", "config");
        info.put("listenersStatus", everyNode.merged(status, "data", "listenersStatus"));
        return json.ok(V2Result.success(info));
    }
}
