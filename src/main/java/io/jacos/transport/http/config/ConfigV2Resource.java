package io.jacos.transport.http.config;

import io.jacos.application.ConfigGrays;
import io.jacos.application.ConfigWrite;
import io.jacos.auth.Need;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.request.LargeBody;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v2/cs/config}: get (the content as the envelope's {@code data}; 404 with code 20004 when there is
 * none), publish (with the {@code casMd5} header; a mismatch is 500 with code 20005) and remove, each answering in
 * the v2 envelope. The namespace is {@code namespaceId}.
 */
@Path("cs/config")
@ApplicationScoped
public class ConfigV2Resource {

    static final String NAMESPACE = "namespaceId";

    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;
    private ConfigWrites writes;
    private ConfigGrays grays;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigV2Resource() {
    }

    @Inject
    public ConfigV2Resource(HttpJson json, ParsedRequest request, Caller caller,
                            ConfigWrites writes, ConfigGrays grays) {
        this.writes = writes;
        this.grays = grays;
        this.json = json;
        this.request = request;
        this.caller = caller;
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.CONFIG)
    public Response get(@Context HttpServletRequest servlet) {
        String tag = request.params().text("tag");
        return grays.read(ConfigRequests.ref(request.params(), NAMESPACE), ConfigWrites.viewOf(servlet, tag),
                        tag != null).map(ConfigGrays.Served::entry)
                .map(entry -> ConfigContent.uncached(Response.ok(json.write(V2Result.success(entry.content())),
                        HttpJson.JSON_UTF8)).build())
                .orElseThrow(ConfigV2Resource::notFound);
    }

    @POST
    @LargeBody
    @Access(value = Need.WRITE, target = Access.Target.CONFIG)
    public Response publish(@Context HttpHeaders headers, @Context HttpServletRequest servlet) {
        writes.publish(ConfigRequests.publish(request.params(), NAMESPACE, headers.getHeaderString("casMd5")),
                request.params(), headers.getHeaderString("betaIps"), source(servlet));
        return json.ok(V2Result.success(true));
    }

    @DELETE
    @Access(value = Need.WRITE, target = Access.Target.CONFIG)
    public Response remove(@Context HttpServletRequest servlet) {
        writes.remove(ConfigRequests.ref(request.params(), NAMESPACE), request.params(), source(servlet));
        return json.ok(V2Result.success(true));
    }

    private ConfigWrite.Source source(HttpServletRequest servlet) {
        return new ConfigWrite.Source(caller.identity().username(), servlet.getRemoteAddr());
    }

    static RegistryException notFound() {
        return new RegistryException(RegistryException.NOT_FOUND, ConfigContent.NOT_FOUND);
    }
}
