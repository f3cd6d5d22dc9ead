package io.jacos.transport.http.config;

import io.jacos.application.ConfigQueries;
import io.jacos.auth.Need;
import io.jacos.model.RegistryException;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.PageParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v2/cs/history}: {@code /list} (a configuration's changes, newest first), one change by {@code nid},
 * {@code /previous} (by the configuration's row id) and {@code /configs} (a namespace's configurations), in the v2
 * envelope; a change that is not there, or is another configuration's, is 404 with code 20004.
 */
@Path("cs/history")
@ApplicationScoped
public class ConfigHistoryV2Resource {

    private ConfigQueries queries;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigHistoryV2Resource() {
    }

    @Inject
    public ConfigHistoryV2Resource(ConfigQueries queries, HttpJson json, ParsedRequest request) {
        this.queries = queries;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("list")
    @Access(value = Need.READ, target = Access.Target.CONFIG_HISTORY)
    public Response list() {
        RequestParams params = request.params();
        PageParams page = PageParams.of(params, 1, 100, ConfigQueries.MAX_PAGE_SIZE);
        return json.ok(V2Result.success(ConfigJson.page(queries.history(ConfigRequests.ref(params,
                ConfigV2Resource.NAMESPACE), page.pageNo(), page.pageSize()), page.pageNo(), page.pageSize(),
                ConfigJson::history)));
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.CONFIG_HISTORY)
    public Response change() {
        long nid = ConfigHistoryV1Resource.requiredId(request.params(), "nid");
        return queries.change(ConfigRequests.ref(request.params(), ConfigV2Resource.NAMESPACE), nid)
                .map(change -> json.ok(V2Result.success(ConfigJson.history(change))))
                .orElseThrow(() -> notFound("certain config history for nid = " + nid + " not exist"));
    }

    @GET
    @Path("previous")
    @Access(value = Need.READ, target = Access.Target.CONFIG_HISTORY)
    public Response previous() {
        long id = ConfigHistoryV1Resource.requiredId(request.params(), "id");
        return queries.previous(ConfigRequests.ref(request.params(), ConfigV2Resource.NAMESPACE), id)
                .map(change -> json.ok(V2Result.success(ConfigJson.history(change))))
                .orElseThrow(() -> notFound("previous config history for id = " + id + " not exist"));
    }

    @GET
    @Path("configs")
    @Access(Need.READ)
    public Response configs() {
        return json.ok(V2Result.success(queries.keysIn(request.params().required(ConfigV2Resource.NAMESPACE))
                .stream().map(ConfigJson::wrapper).toList()));
    }

    private static RegistryException notFound(String message) {
        return new RegistryException(RegistryException.NOT_FOUND, message);
    }
}
