package io.jacos.transport.http.config;

import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /nacos/v1/cs/listener?ip}: what the client at {@code ip} listens to, on any node ({@link ListenedByIp};
 * each node answers for its own connections), as Nacos's v1 answers it: {@code collectStatus} 200 and
 * {@code lisentersGroupkeyStatus}; {@code tenant} names the namespace asked for, {@code all=true} every one.
 */
@Path("cs/listener")
@ApplicationScoped
public class ConfigListenedByIpResource {

    private ConfigListenerLookup listeners;
    private ListenersOnEveryNode everyNode;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigListenedByIpResource() {
    }

    @Inject
    public ConfigListenedByIpResource(ConfigListenerLookup listeners, ListenersOnEveryNode everyNode, HttpJson json,
                                      ParsedRequest request, Caller caller) {
        this.listeners = listeners;
        this.everyNode = everyNode;
        this.json = json;
        this.request = request;
        this.caller = caller;
    }

    @GET
    @Access(value = Need.READ, namespace = Access.Scope.TENANT)
    public Response listened() {
        RequestParams params = request.params();
        Map<String, String> status = ListenedByIp.status(listeners, caller.identity(), params.required("ip"),
                params.bool("all", false), params.text("tenant"));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("collectStatus", 200);
        answer.put("lisentersGroupkeyStatus", everyNode.merged(status, "lisentersGroupkeyStatus"));
        return json.ok(answer);
    }
}
