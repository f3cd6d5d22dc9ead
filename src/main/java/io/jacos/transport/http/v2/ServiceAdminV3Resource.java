package io.jacos.transport.http.v2;

import io.jacos.application.ServiceCatalogService;
import io.jacos.auth.Need;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.SubscriberListing;
import io.jacos.transport.http.SubscriberListing.Subscriber;
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

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    static final int MAX_SUBSCRIBERS_PAGE = 1000;
    static final List<String> SELECTOR_TYPES = List.of("none", "label");

    private ServiceCatalogService catalog;
    private SubscriberListing subscribers;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServiceAdminV3Resource() {
    }

    @Inject
    public ServiceAdminV3Resource(ServiceCatalogService catalog, SubscriberListing subscribers, HttpJson json,
                                  ParsedRequest request) {
        this.catalog = catalog;
        this.subscribers = subscribers;
        this.json = json;
        this.request = request;
    }

    @POST
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response create() {
        RequestParams params = request.params();
        catalog.create(ServiceNames.v2(params), ServiceParams.settings(params, false));
        return json.ok(V2Result.success("ok"));
    }

    @PUT
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response update() {
        RequestParams params = request.params();
        catalog.update(ServiceNames.v2(params), ServiceParams.settings(params, false));
        return json.ok(V2Result.success("ok"));
    }

    @DELETE
    @Access(value = Need.WRITE, target = Access.Target.NAMING_V2)
    public Response delete() {
        catalog.delete(ServiceNames.v2(request.params()));
        return json.ok(V2Result.success("ok"));
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.NAMING_V2)
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

    /**
     * One page of the service's subscribers as {@code SubscriberInfo}; {@code aggregation} (default true) takes
     * every node's, false only the clients this node owns, as v1's {@code /ns/service/subscribers}.
     */
    @GET
    @Path("subscribers")
    @Access(value = Need.READ, target = Access.Target.NAMING_V2)
    public Response subscribers() {
        RequestParams params = request.params();
        ServiceKey key = catalog.key(ServiceNames.v2(params));
        PageParams page = PageParams.of(params, 1, MAX_SUBSCRIBERS_PAGE, MAX_SUBSCRIBERS_PAGE);
        List<Subscriber> all = subscribers.of(key, params.bool("aggregation", true));
        return json.ok(V2Result.success(NamingV3Json.page(all, page.pageNo(), page.pageSize(), s -> {
            Map<String, Object> shown = new LinkedHashMap<>();
            shown.put("namespaceId", key.namespace());
            shown.put("groupName", key.group());
            shown.put("serviceName", key.name());
            shown.put("ip", s.ip());
            shown.put("port", s.port());
            shown.put("agent", s.agent());
            shown.put("appName", s.app());
            return shown;
        })));
    }

    /** The selector types a service may be given: {@code none} and {@code label}. */
    @GET
    @Path("selector/types")
    @Access(Need.READ)
    public Response selectorTypes() {
        return json.ok(V2Result.success(SELECTOR_TYPES));
    }
}
