package io.jacos.transport.http.config;

import io.jacos.application.ConfigService;
import io.jacos.auth.Action;
import io.jacos.auth.Need;
import io.jacos.model.ConfigKey;
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
import java.util.TreeMap;

/**
 * {@code GET /nacos/v1/cs/listener?ip}: what the client at {@code ip} listens to, on any node, as Nacos's v1 answers
 * it: {@code collectStatus} 200 and {@code lisentersGroupkeyStatus} from each configuration's group key
 * ({@code dataId+group}, {@code +tenant} outside the default namespace, {@code +} and {@code %} escaped as Nacos
 * escapes them) to the md5 the client holds as far as this node knows (said in its listen, or acknowledged since;
 * null when unknown; each node answers for its own connections). Like Nacos, the default namespace's
 * configurations are listed, and those of {@code tenant} when given, or of every namespace with {@code all=true};
 * unlike Nacos, only namespaces the caller may read, as the keys name configurations of other namespaces too.
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
        String ip = params.required("ip");
        boolean all = params.bool("all", false);
        String tenant = params.text("tenant");
        String asked = tenant == null ? null : ConfigKey.namespaceOf(tenant);
        Map<String, String> status = new TreeMap<>();
        for (ConfigService.Listened listened : listeners.of(ip).values()) {
            ConfigKey key = listened.ref().key();
            boolean listed = all || ConfigKey.namespaceOf(null).equals(key.namespace())
                    || key.namespace().equals(asked);
            if (listed && caller.identity().may(key.namespace(), Action.READ)) {
                status.put(groupKey(listened), listened.md5());
            }
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("collectStatus", 200);
        answer.put("lisentersGroupkeyStatus", everyNode.merged(status, "lisentersGroupkeyStatus"));
        return json.ok(answer);
    }

    /** Nacos's group key, with the tenant as the client named it (none for the default namespace's ""). */
    static String groupKey(ConfigService.Listened listened) {
        StringBuilder key = new StringBuilder(escaped(listened.ref().dataId())).append('+')
                .append(escaped(listened.ref().group()));
        String tenant = listened.ref().tenant();
        if (tenant != null && !tenant.isEmpty()) {
            key.append('+').append(escaped(tenant));
        }
        return key.toString();
    }

    private static String escaped(String text) {
        return text.replace("%", "%25").replace("+", "%2B");
    }
}
