package io.jacos.transport.http.config;

import io.jacos.application.ConfigQueries;
import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.PageParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * {@code /nacos/v1/cs/history}: a configuration's changes, newest first ({@code search=accurate}), one change by
 * its id ({@code nid}), the change before the current content ({@code /previous}, by the configuration's row id)
 * and the configurations of a namespace ({@code /configs}). An entry that is not there, or is another
 * configuration's, is an empty answer, as Nacos gives for one that is not there.
 */
@Path("cs/history")
@ApplicationScoped
public class ConfigHistoryV1Resource {

    private ConfigQueries queries;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ConfigHistoryV1Resource() {
    }

    @Inject
    public ConfigHistoryV1Resource(ConfigQueries queries, HttpJson json, ParsedRequest request) {
        this.queries = queries;
        this.json = json;
        this.request = request;
    }

    @GET
    @Access(value = Need.READ, namespace = Access.Scope.TENANT, target = Access.Target.CONFIG_HISTORY)
    public Response history() {
        RequestParams params = request.params();
        if (params.text("search") != null) {
            if (!"accurate".equals(params.text("search"))) {
                throw RequestParams.illegal("search", params.text("search"), "accurate");
            }
            PageParams page = PageParams.of(params, 1, 100, ConfigQueries.MAX_PAGE_SIZE);
            return json.ok(ConfigJson.page(queries.history(ConfigRequests.ref(params, ConfigV1Resource.NAMESPACE),
                    page.pageNo(), page.pageSize()), page.pageNo(), page.pageSize(), ConfigJson::history));
        }
        long nid = requiredId(params, "nid");
        return queries.change(ConfigRequests.ref(params, ConfigV1Resource.NAMESPACE), nid).map(ConfigJson::history)
                .map(json::ok).orElseGet(() -> HttpJson.text(""));
    }

    @GET
    @Path("previous")
    @Access(value = Need.READ, namespace = Access.Scope.TENANT, target = Access.Target.CONFIG_HISTORY)
    public Response previous() {
        RequestParams params = request.params();
        long id = requiredId(params, "id");
        return queries.previous(ConfigRequests.ref(params, ConfigV1Resource.NAMESPACE), id)
                .map(ConfigJson::history).map(json::ok).orElseGet(() -> HttpJson.text(""));
    }

    @GET
    @Path("configs")
    @Access(value = Need.READ, namespace = Access.Scope.TENANT)
    public Response configs() {
        return json.ok(queries.keysIn(request.params().text(ConfigV1Resource.NAMESPACE)).stream()
                .map(ConfigJson::wrapper).toList());
    }

    static long requiredId(RequestParams params, String name) {
        String value = params.required(name);
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw RequestParams.illegal(name, value, "a whole number");
        }
    }
}
