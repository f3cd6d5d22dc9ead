package io.jacos.transport.http.console;

import io.jacos.application.NamespaceService;
import io.jacos.application.NamespaceService.NamespaceInfo;
import io.jacos.auth.Need;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.v2.V2Result;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /nacos/v3/admin/core/namespace}, as Nacos 3's maintainer SDK calls it: {@code /list} (the namespaces
 * the caller may read, as v2's list), detail, create (a blank {@code namespaceId} gets a generated one), update,
 * delete and {@code /check} (1 when the id is taken, else 0). Nacos 3 names the default namespace {@code public}
 * in these answers, where the v1 and v2 console APIs give it as the empty id. Everything but the list is for an
 * admin, as the v2 console's namespace calls are.
 */
@Path("admin/core/namespace")
@ApplicationScoped
public class NamespaceV3Resource {

    private NamespaceService namespaces;
    private HttpJson json;
    private ParsedRequest request;
    private Caller caller;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public NamespaceV3Resource() {
    }

    @Inject
    public NamespaceV3Resource(NamespaceService namespaces, HttpJson json, ParsedRequest request, Caller caller) {
        this.namespaces = namespaces;
        this.json = json;
        this.request = request;
        this.caller = caller;
    }

    @GET
    @Path("list")
    @Access(Need.IDENTITY)
    public Response list() {
        List<Map<String, Object>> shown = NamespaceResource.visible(namespaces.list(), caller.identity()).stream()
                .map(NamespaceV3Resource::withPublicId).toList();
        return json.ok(V2Result.success(shown));
    }

    @GET
    @Access(Need.ADMIN)
    public Response detail() {
        NamespaceInfo found = namespaces.get(request.params().required("namespaceId"));
        return json.ok(V2Result.success(withPublicId(NamespaceResource.shown(found))));
    }

    @POST
    @Access(Need.ADMIN)
    public Response create() {
        RequestParams params = request.params();
        String name = params.required("namespaceName");
        namespaces.create(params.text("namespaceId", "").trim(), name, params.get("namespaceDesc"));
        return json.ok(V2Result.success(true));
    }

    @PUT
    @Access(Need.ADMIN)
    public Response update() {
        RequestParams params = request.params();
        String id = params.required("namespaceId");
        namespaces.update(id, params.required("namespaceName"), params.get("namespaceDesc"));
        return json.ok(V2Result.success(true));
    }

    @DELETE
    @Access(Need.ADMIN)
    public Response delete() {
        namespaces.delete(request.params().required("namespaceId"));
        return json.ok(V2Result.success(true));
    }

    @GET
    @Path("check")
    @Access(Need.ADMIN)
    public Response check() {
        String id = request.params().required("namespaceId");
        boolean taken = NamespaceResource.PUBLIC.equals(id) || namespaces.list().stream().anyMatch(namespace -> namespace.id().equals(id));
        return json.ok(V2Result.success(taken ? 1 : 0));
    }

    private static Map<String, Object> withPublicId(Map<String, Object> shown) {
        if (!"".equals(shown.get("namespace"))) {
            return shown;
        }
        Map<String, Object> named = new LinkedHashMap<>(shown);
        named.put("namespace", NamespaceResource.PUBLIC);
        return named;
    }
}
