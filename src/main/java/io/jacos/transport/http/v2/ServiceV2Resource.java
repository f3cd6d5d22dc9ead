package io.jacos.transport.http.v2;

import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.DiscoveryService;
import io.jacos.application.ServiceCatalogService;
import io.jacos.application.ServiceCatalogService.ServiceDetail;
import io.jacos.application.ServiceRef;
import io.jacos.model.InstanceClusterSettings;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServicePage;
import io.jacos.transport.http.InstanceClusterJson;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import io.jacos.transport.http.param.ServiceParams;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /nacos/v2/ns/service}: create, update, delete and detail of a service, and {@code /service/list}
 * ({@code pageNo} 1 and {@code pageSize} 20 by default, at most 500 a page, as in Nacos). Unlike v1, update
 * does not require {@code protectThreshold}; a missing one is 0, as in Nacos's v2 form.
 */
@Path("ns/service")
@ApplicationScoped
public class ServiceV2Resource {

    static final int MAX_PAGE_SIZE = 500;

    private ServiceCatalogService catalog;
    private DiscoveryService discovery;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServiceV2Resource() {
    }

    @Inject
    public ServiceV2Resource(ServiceCatalogService catalog, DiscoveryService discovery, HttpJson json,
                             ParsedRequest request) {
        this.catalog = catalog;
        this.discovery = discovery;
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
        ServiceDetail detail = catalog.detail(ServiceNames.v2(request.params()));
        ServiceMeta meta = detail.meta();
        Map<String, Object> clusters = new LinkedHashMap<>();
        for (InstanceClusterSettings settings : detail.clusters()) {
            Map<String, Object> cluster = new LinkedHashMap<>(InstanceClusterJson.of(settings));
            cluster.remove("name");
            cluster.put("clusterName", settings.name());
            clusters.put(settings.name(), cluster);
        }
        Map<String, Object> selector = new LinkedHashMap<>();
        selector.put("type", meta.selector().type());
        selector.put("contextType", meta.selector().isNone() ? "NONE" : "CMDB");
        if (!meta.selector().isNone()) {
            selector.put("expression", meta.selector().expression());
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("namespace", detail.key().namespace());
        data.put("serviceName", detail.key().name());
        data.put("groupName", detail.key().group());
        data.put("clusterMap", clusters);
        data.put("metadata", meta.metadata());
        data.put("protectThreshold", meta.protectThreshold());
        data.put("selector", selector);
        data.put("ephemeral", detail.ephemeral());
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("list")
    @Access(Need.READ)
    public Response list() {
        RequestParams params = request.params();
        String namespace = params.text("namespaceId");
        int pageSize = Math.min(MAX_PAGE_SIZE, params.integer("pageSize", 20));
        ServicePage page = discovery.listServices(namespace, params.text("groupName"), params.integer("pageNo", 1),
                pageSize);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("count", page.count());
        data.put("services", page.names());
        return json.ok(V2Result.success(data));
    }
}
