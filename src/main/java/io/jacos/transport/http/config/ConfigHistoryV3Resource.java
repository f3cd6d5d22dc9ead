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
 * {@code /nacos/v3/admin/cs/history}: {@code /list} (a configuration's changes, newest first), one change by
 * {@code nid}, {@code /previous} (the change before the one with row id {@code id}) and {@code /configs} (a
 * namespace's configurations), in Nacos 3's shapes; a change that is not there, or is another configuration's, is
 * 404 with code 20004.
 */
@Path("admin/cs/history")
@ApplicationScoped
public class ConfigHistoryV3Resource {

    private ConfigQueries queries;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigHistoryV3Resource() {
    }

    @Inject
    public ConfigHistoryV3Resource(ConfigQueries queries, HttpJson json, ParsedRequest request) {
        this.queries = queries;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("list")
    @Access(value = Need.READ, target = Access.Target.CONFIG_V3)
    public Response list() {
        RequestParams params = request.params();
        PageParams page = PageParams.of(params, 1, 100, ConfigQueries.MAX_PAGE_SIZE);
        return json.ok(V2Result.success(ConfigJson.page(queries.history(ConfigRequests.refV3(params), page.pageNo(),
                page.pageSize()), page.pageNo(), page.pageSize(), ConfigV3Json::historyBasic)));
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.CONFIG_V3)
    public Response change() {
        var ref = ConfigRequests.refV3(request.params());
        long nid = ConfigHistoryV1Resource.requiredId(request.params(), "nid");
        return queries.change(ref, nid)
                .map(change -> json.ok(V2Result.success(ConfigV3Json.historyDetail(change))))
                .orElseThrow(() -> notFound("certain config history for nid = " + nid + " not exist"));
    }

    @GET
    @Path("previous")
    @Access(value = Need.READ, target = Access.Target.CONFIG_V3)
    public Response previous() {
        var ref = ConfigRequests.refV3(request.params());
        long id = ConfigHistoryV1Resource.requiredId(request.params(), "id");
        return queries.previous(ref, id)
                .map(change -> json.ok(V2Result.success(ConfigV3Json.historyDetail(change))))
                .orElseThrow(() -> notFound("previous config history for id = " + id + " not exist"));
    }

    @GET
    @Path("configs")
    @Access(Need.READ)
    public Response configs() {
        return json.ok(V2Result.success(queries.keysIn(request.params().required("namespaceId")).stream()
                .map(ConfigV3Json::basic).toList()));
    }

    private static RegistryException notFound(String message) {
        return new RegistryException(RegistryException.NOT_FOUND, message);
    }
}
