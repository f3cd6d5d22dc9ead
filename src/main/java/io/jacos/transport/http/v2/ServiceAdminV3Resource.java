package io.jacos.transport.http.v2;

import io.jacos.application.ServiceCatalogService;
import io.jacos.auth.Need;
import io.jacos.model.ServiceView;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.PageParams;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import io.jacos.transport.http.param.ServiceParams;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.List;

/**
 * {@code /nacos/v3/admin/ns/service}, as Nacos 3's maintainer SDK calls it: create, update, delete and detail of a
 * service (v2's parameters and rules), and {@code /list}, a page of services whose group and name contain
 * {@code groupNameParam} and {@code serviceNameParam}: with counts ({@code ServiceView}), or with
 * {@code withInstances=true} each service's instances by cluster. {@code pageNo} 1 and {@code pageSize} 100 by
 * default, as in Nacos 3.
 */
@Path("admin/ns/service")
@ApplicationScoped
public class ServiceAdminV3Resource {

    static final int MAX_PAGE_SIZE = 500;

    private ServiceCatalogService catalog;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServiceAdminV3Resource() {
    }

    @Inject
    public ServiceAdminV3Resource(ServiceCatalogService catalog, HttpJson json, ParsedRequest request) {
        this.catalog = catalog;
        this.json = json;
        this.request = request;
    }

    @POST
    @Access(Need.WRITE)
    public Response create() {
        RequestParams params = request.params();
        catalog.create(ServiceNames.v2(params), ServiceParams.settings(params, false));
        return json.ok(V2Result.success("ok"));
    }

    @PUT
    @Access(Need.WRITE)
    public Response update() {
        RequestParams params = request.params();
        catalog.update(ServiceNames.v2(params), ServiceParams.settings(params, false));
        return json.ok(V2Result.success("ok"));
    }

    @DELETE
    @Access(Need.WRITE)
    public Response delete() {
        catalog.delete(ServiceNames.v2(request.params()));
        return json.ok(V2Result.success("ok"));
    }

    @GET
    @Access(Need.READ)
    public Response detail() {
        return json.ok(V2Result.success(NamingV3Json.detail(catalog.detail(ServiceNames.v2(request.params())))));
    }

    @GET
    @Path("list")
    @Access(Need.READ)
    public Response list() {
        RequestParams params = request.params();
        PageParams page = PageParams.of(params, 1, 100, MAX_PAGE_SIZE);
        List<ServiceView> found = catalog.search(params.text("namespaceId"), params.text("groupNameParam", ""),
                params.text("serviceNameParam", ""));
        if (params.bool("withInstances", false)) {
            return json.ok(V2Result.success(NamingV3Json.page(found, page.pageNo(), page.pageSize(),
                    NamingV3Json::withInstances)));
        }
        if (params.bool("ignoreEmptyService", false)) {
            found = found.stream().filter(view -> !view.instances().isEmpty()).toList();
        }
        return json.ok(V2Result.success(NamingV3Json.page(found, page.pageNo(), page.pageSize(),
                NamingV3Json::view)));
    }
}
