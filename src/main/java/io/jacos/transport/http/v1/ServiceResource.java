package io.jacos.transport.http.v1;

import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.DiscoveryService;
import io.jacos.application.ServiceCatalogService;
import io.jacos.application.ServiceCatalogService.ServiceDetail;
import io.jacos.application.ServiceRef;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.transport.http.SubscriberListing;
import io.jacos.transport.http.SubscriberListing.Subscriber;
import io.jacos.transport.http.param.PageParams;
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
import java.util.List;
import java.util.Map;

/**
 * {@code /nacos/v1/ns/service}: services as operators manage them (create with settings, update them, delete an
 * empty service, detail), {@code /service/list}, one page of bare names with the total count, and
 * {@code /service/subscribers}.
 */
@Path("ns/service")
@ApplicationScoped
public class ServiceResource {

    static final int MAX_SUBSCRIBERS_PAGE = 1000;

    private ServiceCatalogService catalog;
    private DiscoveryService discovery;
    private SubscriberListing subscribers;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServiceResource() {
    }

    @Inject
    public ServiceResource(ServiceCatalogService catalog, DiscoveryService discovery, SubscriberListing subscribers,
                           HttpJson json, ParsedRequest request) {
        this.catalog = catalog;
        this.discovery = discovery;
        this.subscribers = subscribers;
        this.json = json;
        this.request = request;
    }

    @POST
    @Access(value = Need.WRITE, target = Access.Target.NAMING)
    public Response create() {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v1(params);
        catalog.create(service, ServiceParams.settings(params, false));
        return HttpJson.text("ok");
    }

    @PUT
    @Access(value = Need.WRITE, target = Access.Target.NAMING)
    public Response update() {
        RequestParams params = request.params();
        ServiceRef service = ServiceNames.v1(params);
        catalog.update(service, ServiceParams.settings(params, true));
        return HttpJson.text("ok");
    }

    @DELETE
    @Access(value = Need.WRITE, target = Access.Target.NAMING)
    public Response delete() {
        catalog.delete(ServiceNames.v1(request.params()));
        return HttpJson.text("ok");
    }

    @GET
    @Access(value = Need.READ, target = Access.Target.NAMING)
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
        answer.put("clusters", detail.clusters().stream().map(InstanceClusterJson::of).toList());
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

    /**
     * One page of the service's subscribers ({@code pageNo} 1 and {@code pageSize} 1000 by default, at most 1000)
     * in Nacos's subscriber shape, with the total count. {@code aggregation} (default true) takes every node's;
     * false only the clients connected to this node. A service nobody subscribes to, or none at all, has none.
     */
    @GET
    @Path("subscribers")
    @Access(value = Need.READ, target = Access.Target.NAMING)
    public Response subscribers() {
        RequestParams params = request.params();
        ServiceKey key = catalog.key(ServiceNames.v1(params));
        PageParams page = PageParams.of(params, 1, MAX_SUBSCRIBERS_PAGE, MAX_SUBSCRIBERS_PAGE);
        boolean aggregation = params.bool("aggregation", true);
        List<Subscriber> all = subscribers.of(key, aggregation);
        List<Map<String, Object>> shown = page.of(all).stream().map(s -> {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("addrStr", s.address());
            one.put("agent", s.agent());
            one.put("app", s.app());
            one.put("ip", s.ip());
            one.put("port", s.port());
            one.put("namespaceId", key.namespace());
            one.put("serviceName", key.groupedName());
            one.put("cluster", s.clusters());
            return one;
        }).toList();
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("subscribers", shown);
        answer.put("count", all.size());
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
