package io.jacos.transport.http.v2;

import io.jacos.application.ServiceCatalogService;
import io.jacos.auth.Need;
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
 * {@code /nacos/v2/ns/client}: the registry's clients as Nacos's client queries show them, for a global admin (Nacos
 * guards them as {@code nacos/admin}). {@code list} gives every client id, this node's and its peers' copies;
 * {@code ?clientId=} one client; {@code publish/list} and {@code subscribe/list} what one client publishes and
 * subscribes to; {@code service/publisher/list} and {@code service/subscriber/list} the clients of one service,
 * narrowed to {@code ip} and {@code port} when given (Nacos's publisher list, given neither, lists nobody).
 * {@code ephemeral} is taken as Nacos 2.x takes it there: both kinds are listed.
 */
@Path("ns/client")
@Access(Need.ADMIN)
@ApplicationScoped
public class ClientV2Resource {

    private ClientListing clients;
    private ServiceCatalogService catalog;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ClientV2Resource() {
    }

    @Inject
    public ClientV2Resource(ClientListing clients, ServiceCatalogService catalog, HttpJson json,
                            ParsedRequest request) {
        this.clients = clients;
        this.catalog = catalog;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("list")
    public Response list() {
        return json.ok(V2Result.success(clients.ids()));
    }

    @GET
    public Response detail() {
        Summary summary = clients.summary(clients.client(request.params().required("clientId")));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("clientId", summary.clientId());
        data.put("ephemeral", summary.ephemeral());
        data.put("lastUpdatedTime", summary.lastUpdatedTime());
        if (summary.connection()) {
            data.put("clientType", "connection");
            data.put("connectType", "GRPC");
            data.put("appName", summary.appName());
            data.put("version", summary.version());
        } else {
            data.put("clientType", "ipPort");
        }
        data.put("clientIp", summary.clientIp());
        data.put("clientPort", summary.clientPort());
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("publish/list")
    public Response published() {
        List<Map<String, Object>> data = clients.published(clients.client(request.params().required("clientId")))
                .stream().map(one -> {
                    Map<String, Object> item = service(one.service());
                    item.put("registeredInstance", address(one.instance()));
                    return item;
                }).toList();
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("subscribe/list")
    public Response subscribed() {
        List<Map<String, Object>> data = clients.subscribed(clients.client(request.params().required("clientId")))
                .stream().map(subscriber -> {
                    Map<String, Object> info = new LinkedHashMap<>();
                    info.put("app", subscriber.app());
                    info.put("agent", subscriber.agent());
                    info.put("addr", subscriber.address());
                    Map<String, Object> item = service(subscriber.service());
                    item.put("subscriberInfo", info);
                    return item;
                }).toList();
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("service/publisher/list")
    public Response publishers() {
        List<Map<String, Object>> data = clients.publishers(filter()).stream().map(one -> {
            Map<String, Object> item = address(one.instance());
            item.put("clientId", one.client().value());
            return item;
        }).toList();
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("service/subscriber/list")
    public Response subscribersOfService() {
        List<Map<String, Object>> data = clients.subscribers(filter()).stream().map(ClientV2Resource::subscriber)
                .toList();
        return json.ok(V2Result.success(data));
    }

    private ClientListing.Filter filter() {
        RequestParams params = request.params();
        // Checked as a flag, and then not needed: both kinds of client are listed, as in Nacos 2.x.
        params.bool("ephemeral");
        return new ClientListing.Filter(catalog.key(ServiceNames.v2(params)), params.text("ip"),
                params.integer("port"));
    }

    private static Map<String, Object> subscriber(Subscriber s) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("clientId", s.client().value());
        item.put("ip", s.ip());
        item.put("port", s.port());
        return item;
    }

    private static Map<String, Object> service(ServiceKey key) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("namespace", key.namespace());
        item.put("group", key.group());
        item.put("serviceName", key.name());
        return item;
    }

    private static Map<String, Object> address(Instance instance) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("ip", instance.ip());
        item.put("port", instance.port());
        item.put("cluster", instance.clusterName());
        return item;
    }
}
