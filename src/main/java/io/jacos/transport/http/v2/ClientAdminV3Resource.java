package io.jacos.transport.http.v2;

import io.jacos.application.ServiceCatalogService;
import io.jacos.auth.Need;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.transport.http.ClientListing;
import io.jacos.transport.http.ClientListing.Summary;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.SubscriberListing.Subscriber;
import io.jacos.transport.http.access.Access;
import io.jacos.transport.http.param.RequestParams;
import io.jacos.transport.http.param.ServiceNames;
import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /nacos/v3/admin/ns/client}: what v2's client queries answer, in the shapes Nacos 3's maintainer SDK reads
 * ({@code ClientSummaryInfo}, {@code ClientServiceInfo}, {@code ClientPublisherInfo}, {@code ClientSubscriberInfo}),
 * and {@code distro}, the node responsible for a 1.x client's {@code ip:port}. For a global admin, as in v2.
 */
@Path("admin/ns/client")
@Access(Need.ADMIN)
@ApplicationScoped
public class ClientAdminV3Resource {

    private ClientListing clients;
    private ServiceCatalogService catalog;
    private ClusterMembers members;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ClientAdminV3Resource() {
    }

    @Inject
    public ClientAdminV3Resource(ClientListing clients, ServiceCatalogService catalog, ClusterMembers members,
                                 HttpJson json, ParsedRequest request) {
        this.clients = clients;
        this.catalog = catalog;
        this.members = members;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("list")
    public Response list() {
        return json.ok(V2Result.success(clients.ids()));
    }

    /** {@code lastUpdatedTime} and {@code clientPort} are numbers here: 0 where v2 would say null. */
    @GET
    public Response detail() {
        Summary summary = clients.summary(clients.client(request.params().required("clientId")));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("clientId", summary.clientId());
        data.put("ephemeral", summary.ephemeral());
        data.put("lastUpdatedTime", summary.lastUpdatedTime() == null ? 0 : summary.lastUpdatedTime());
        data.put("clientType", summary.connection() ? "connection" : "ipPort");
        data.put("connectType", summary.connection() ? "GRPC" : null);
        data.put("appName", summary.appName());
        data.put("version", summary.version());
        data.put("clientIp", summary.clientIp());
        data.put("clientPort", port(summary.clientPort()));
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("publish/list")
    public Response published() {
        List<Map<String, Object>> data = clients.published(clients.client(request.params().required("clientId")))
                .stream().map(one -> {
                    Map<String, Object> item = service(one.service());
                    item.put("publisherInfo", publisher(null, one.instance()));
                    return item;
                }).toList();
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("subscribe/list")
    public Response subscribed() {
        List<Map<String, Object>> data = clients.subscribed(clients.client(request.params().required("clientId")))
                .stream().map(subscriber -> {
                    Map<String, Object> item = service(subscriber.service());
                    item.put("subscriberInfo", subscriber(subscriber));
                    return item;
                }).toList();
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("service/publisher/list")
    public Response publishers() {
        return json.ok(V2Result.success(clients.publishers(filter()).stream()
                .map(one -> publisher(one.client().value(), one.instance())).toList()));
    }

    @GET
    @Path("service/subscriber/list")
    public Response subscribersOfService() {
        return json.ok(V2Result.success(clients.subscribers(filter()).stream()
                .map(ClientAdminV3Resource::subscriber).toList()));
    }

    @GET
    @Path("distro")
    public Response responsibleNode() {
        RequestParams params = request.params();
        String key = params.required("ip").trim() + ':' + params.requiredInteger("port");
        return json.ok(V2Result.success(Map.of("responsibleServer", members.responsibleFor(key).address())));
    }

    /** Unlike v2, a service's publishers given no {@code ip} or {@code port} are all listed, as in Nacos 3. */
    private ClientListing.Filter filter() {
        RequestParams params = request.params();
        return new ClientListing.Filter(catalog.key(ServiceNames.v2(params)), params.text("ip"),
                params.integer("port"));
    }

    private static Map<String, Object> service(ServiceKey key) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("namespaceId", key.namespace());
        item.put("groupName", key.group());
        item.put("serviceName", key.name());
        return item;
    }

    private static Map<String, Object> publisher(String clientId, Instance instance) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("clientId", clientId);
        item.put("ip", instance.ip());
        item.put("port", instance.port());
        item.put("clusterName", instance.clusterName());
        return item;
    }

    private static Map<String, Object> subscriber(Subscriber s) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("clientId", s.client().value());
        item.put("appName", s.app());
        item.put("agent", s.agent());
        item.put("address", s.address());
        return item;
    }

    private static int port(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
