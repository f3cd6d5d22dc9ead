package io.jacos.transport.http.config;

import io.jacos.application.ConfigService;
import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Errors;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code GET /nacos/v3/client/cs/config}: a configuration's content with its md5, type and last change. None
 * there is answered as Nacos 3 answers it: HTTP 200 with code 20004 in the envelope, not a 404.
 */
@Path("client/cs/config")
@ApplicationScoped
public class ConfigClientV3Resource {

    private ConfigService configs;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigClientV3Resource() {
    }

    @Inject
    public ConfigClientV3Resource(ConfigService configs, HttpJson json, ParsedRequest request) {
        this.configs = configs;
        this.json = json;
        this.request = request;
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.CONFIG_V3)
    public Response get() {
        return configs.get(ConfigRequests.refV3(request.params()))
                .map(entry -> ConfigContent.uncached(Response.ok(json.write(V2Result.success(
                        ConfigV3Json.client(entry))), HttpJson.JSON_UTF8)).build())
                .orElseGet(() -> json.ok(new V2Result(V2Errors.RESOURCE_NOT_FOUND.code(),
                        V2Errors.RESOURCE_NOT_FOUND.text(), null)));
    }
}
