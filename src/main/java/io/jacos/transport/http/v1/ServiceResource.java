package io.jacos.transport.http.v1;

import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.DiscoveryService;
import io.jacos.application.ServiceCatalogService;
import io.jacos.application.ServiceCatalogService.ServiceDetail;
import io.jacos.application.ServiceRef;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServicePage;
import io.jacos.transport.http.ClusterJson;
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
 * {@code /nacos/v1/ns/service}: services as operators manage them (create with settings, update them, delete an
 * empty service, detail) and {@code /service/list}, one page of bare names with the total count.
 */
@Path("ns/service")
@ApplicationScoped
public class ServiceResource {

    @Inject
    ServiceCatalogService catalog;
    @Inject
    DiscoveryService discovery;
    @Inject
    HttpJson json;
    @Inject
    ParsedRequest request;

    @POST
    @Access(Need.WRITE)
    public Response create() {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v1(params);
        catalog.create(service, ServiceParams.settings(params, false));
        return HttpJson.text("ok");
    }

    @PUT
    @Access(Need.WRITE)
    public Response update() {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v1(params);
        catalog.update(service, ServiceParams.settings(params, true));
        return HttpJson.text("ok");
    }

    @DELETE
    @Access(Need.WRITE)
    public Response delete() {
        catalog.delete(ServiceNames.v1(request.params()));
        return HttpJson.text("ok");
    }

    @GET
    @Access(Need.READ)
    public Response detail() {
        ServiceDetail detail = catalog.detail(ServiceNames.v1(request.params()));
        ServiceMeta meta = detail.meta();
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("namespaceId", detail.key().namespace());
        answer.put("groupName", detail.key().group());
        answer.put("name", detail.key().name());
        answer.put("protectThreshold", meta.protectThreshold());
        answer.put("metadata", meta.metadata());
        answer.put("selector", selector(meta));
        answer.put("clusters", detail.clusters().stream().map(ClusterJson::of).toList());
        return json.ok(answer);
    }

    @GET
    @Path("list")
    @Access(Need.READ)
    public Response list() {
        RequestParams params = request.params();
        String namespace = params.text("namespaceId");
        int pageNo = params.requiredInteger("pageNo");
        int pageSize = params.requiredInteger("pageSize");
        ServicePage page = discovery.listServices(namespace, params.text("groupName"), pageNo, pageSize);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("count", page.count());
        answer.put("doms", page.names());
        return json.ok(answer);
    }

    /** Nacos's selector JSON: {@code {"type":"none"}}, or the label type with its expression. */
    static Map<String, Object> selector(ServiceMeta meta) {
        Map<String, Object> selector = new LinkedHashMap<>();
        selector.put("type", meta.selector().type());
        if (!meta.selector().isNone()) {
            selector.put("expression", meta.selector().expression());
        }
        return selector;
    }
}
