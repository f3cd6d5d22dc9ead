package io.jacos.transport.http.config;

import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /nacos/v3/admin/cs/listener?ip}: what the client at {@code ip} listens to, on any node
 * ({@link ListenedByIp}), as Nacos 3's ConfigListenerInfo: {@code queryType} "ip" and {@code listenersStatus};
 * {@code namespaceId} names the namespace asked for, {@code all=true} every one.
 */
@Path("admin/cs/listener")
@ApplicationScoped
public class ConfigListenedByIpV3Resource {

    private ConfigListenerLookup listeners;
    private ListenersOnEveryNode everyNode;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigListenedByIpV3Resource() {
    }

    @Inject
    public ConfigListenedByIpV3Resource(ConfigListenerLookup listeners, ListenersOnEveryNode everyNode, HttpJson json,
                                        ParsedRequest request, Caller caller) {
        this.listeners = listeners;
        this.everyNode = everyNode;
        this.json = json;
        this.request = request;
        this.caller = caller;
    }

    @GET
    @Access(Need.READ)
    public Response listened() {
        RequestParams params = request.params();
        Map<String, String> status = ListenedByIp.status(listeners, caller.identity(), params.required("ip"),
                params.bool("all", false), params.text("namespaceId"));
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("queryType", "ip");
        info.put("listenersStatus", everyNode.merged(status, "data", "listenersStatus"));
        return json.ok(V2Result.success(info));
    }
}
