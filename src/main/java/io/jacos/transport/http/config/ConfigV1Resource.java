package io.jacos.transport.http.config;

import io.jacos.application.ConfigQueries;
import io.jacos.application.ConfigService;
import io.jacos.application.ConfigStore;
import io.jacos.application.ConfigWrite;
import io.jacos.auth.Need;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.param.PageParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.LargeBody;
import io.jacos.transport.http.request.ParsedRequest;
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
 * {@code /nacos/v1/cs/configs}: a configuration's content as the 1.x client reads it (plain text, its type and md5
 * in headers; 404 when there is none, on which the client clears its snapshot), its details ({@code show=all}),
 * searches ({@code search=accurate|blur}), publish (with the {@code casMd5} header for compare-and-set) and
 * removal. Writes answer {@code true}.
 */
@Path("cs/configs")
@ApplicationScoped
public class ConfigV1Resource {

    static final String NAMESPACE = "tenant";

    private ConfigService configs;
    private ConfigQueries queries;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigV1Resource() {
    }

    @Inject
    public ConfigV1Resource(ConfigService configs, ConfigQueries queries, HttpJson json, ParsedRequest request,
                            Caller caller) {
        this.configs = configs;
        this.queries = queries;
        this.json = json;
        this.request = request;
        this.caller = caller;
    }

    @GET
    @Access(value = Need.READ, namespace = Access.Scope.TENANT)
    public Response get() {
        RequestParams params = request.params();
        String search = params.text("search");
        if (search != null) {
            PageParams page = PageParams.of(params, 1, 100, ConfigQueries.MAX_PAGE_SIZE);
            return json.ok(ConfigJson.page(queries.search(ConfigRequests.search(params, NAMESPACE, search),
                    page.pageNo(), page.pageSize()), page.pageNo(), page.pageSize(), ConfigJson::info));
        }
        if ("all".equals(params.text("show"))) {
            return queries.detail(ConfigRequests.ref(params, NAMESPACE)).map(ConfigJson::allInfo).map(json::ok)
                    .orElseGet(() -> HttpJson.text(""));
        }
        if (params.text("tag") != null) {
            configs.keyOf(ConfigRequests.ref(params, NAMESPACE));
            return ConfigContent.notFound();
        }
        return configs.get(ConfigRequests.ref(params, NAMESPACE)).map(ConfigContent::plain)
                .orElseGet(ConfigContent::notFound);
    }

    @POST
    @LargeBody
    @Access(value = Need.WRITE, namespace = Access.Scope.TENANT)
    public Response publish(@Context HttpHeaders headers, @Context HttpServletRequest servlet) {
        ConfigStore.Published published = configs.publish(ConfigRequests.publish(request.params(), NAMESPACE,
                headers.getHeaderString("betaIps"), headers.getHeaderString("casMd5")), source(servlet));
        if (published.outcome() == ConfigStore.Outcome.CAS_MISMATCH) {
            throw RegistryException.casMismatch();
        }
        return json.ok(Boolean.TRUE);
    }

    /** Answers {@code true} whether or not there was a configuration to remove, as Nacos does. */
    @DELETE
    @Access(value = Need.WRITE, namespace = Access.Scope.TENANT)
    public Response remove(@Context HttpServletRequest servlet) {
        ConfigRequests.refuseGray(request.params(), null);
        configs.remove(ConfigRequests.ref(request.params(), NAMESPACE), source(servlet));
        return json.ok(Boolean.TRUE);
    }

    private ConfigWrite.Source source(HttpServletRequest servlet) {
        return new ConfigWrite.Source(caller.identity().username(), servlet.getRemoteAddr());
    }
}
