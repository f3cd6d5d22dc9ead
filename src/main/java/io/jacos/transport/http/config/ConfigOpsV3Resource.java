package io.jacos.transport.http.config;

import io.jacos.application.ConfigService;
import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.NamedLoggers;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Errors;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.Map;

/**
 * {@code /nacos/v3/admin/cs/ops}, for a global admin (the calls act on the whole server, not one namespace).
 * {@code log} sets the level of a configuration log on the Jacos logger doing that work, on this node until it
 * stops: {@code config-server} the configuration index, {@code config-dump} the periodic re-read of the store,
 * {@code config-notify} the pushes to gRPC listeners, {@code config-pull} the 1.x long polls and
 * {@code config-client-request} the configuration HTTP API; other names are refused. {@code derby} and
 * {@code derby/import} act on Nacos's embedded Derby database; Jacos stores in H2 or PostgreSQL, so both are
 * refused as a function this server does not have (501, code 40001), and nothing is read or written.
 * {@code localCache} reads every configuration's md5 from the database again, as Nacos's dump of the store does:
 * a row edited there directly then reaches the listeners on this node.
 */
@Path("admin/cs/ops")
@ApplicationScoped
public class ConfigOpsV3Resource {

    private static final V2Errors.Code API_FUNCTION_DISABLED = new V2Errors.Code(40001, "API function disabled.");
    private static final String NOT_DERBY = "The current storage mode is not Derby: Jacos stores in H2 or"
            + " PostgreSQL; nothing was done.";

    private final NamedLoggers loggers = new NamedLoggers(Map.of(
            "config-server", "io.jacos.config",
            "config-dump", "io.jacos.application.internal.ConfigCatchUp",
            "config-notify", "io.jacos.push.ConfigPushService",
            "config-pull", "io.jacos.push.ConfigLongPollService",
            "config-client-request", "io.jacos.transport.http.config"));
    private ConfigService configs;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigOpsV3Resource() {
    }

    @Inject
    public ConfigOpsV3Resource(ConfigService configs, HttpJson json, ParsedRequest request) {
        this.configs = configs;
        this.json = json;
        this.request = request;
    }

    @PUT
    @Path("log")
    @Access(Need.ADMIN)
    public Response log() {
        RequestParams params = request.params();
        String logName = params.required("logName");
        String logLevel = params.required("logLevel");
        loggers.set(logName, logLevel);
        return json.ok(V2Result.success("Log level of " + logName + " set to " + logLevel + " on this node."));
    }

    @POST
    @Path("localCache")
    @Access(Need.ADMIN)
    public Response localCache() {
        int changed = configs.reloadFromStore();
        return json.ok(V2Result.success("Local cache updated from store: " + changed
                + " configuration(s) changed on this node."));
    }

    @GET
    @Path("derby")
    @Access(Need.ADMIN)
    public Response derby() {
        return V2Errors.answer(json, 501, API_FUNCTION_DISABLED, NOT_DERBY);
    }

    @POST
    @Path("derby/import")
    @Access(Need.ADMIN)
    public Response derbyImport() {
        return V2Errors.answer(json, 501, API_FUNCTION_DISABLED, NOT_DERBY);
    }
}
