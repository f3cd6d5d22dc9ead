package io.jacos.transport.http.v2;

import io.jacos.application.ConnectionDirectory;
import io.jacos.application.ConnectionDirectory.ConnectionInfo;
import io.jacos.application.ServiceCatalogService;
import io.jacos.auth.Need;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.registry.client.ClientView.LeaseState;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.SubscriberListing;
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

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

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

    private RegistryReader reader;
    private ConnectionDirectory connections;
    private SubscriberListing subscribers;
    private ServiceCatalogService catalog;
    private HttpJson json;
    private ParsedRequest request;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ClientV2Resource() {
    }

    @Inject
    public ClientV2Resource(RegistryReader reader, ConnectionDirectory connections, SubscriberListing subscribers,
                            ServiceCatalogService catalog, HttpJson json, ParsedRequest request) {
        this.reader = reader;
        this.connections = connections;
        this.subscribers = subscribers;
        this.catalog = catalog;
        this.json = json;
        this.request = request;
    }

    @GET
    @Path("list")
    public Response list() {
        List<String> ids = Stream.of(ClientKind.values()).flatMap(kind -> reader.clientsOf(kind).stream())
                .map(client -> client.id().value()).sorted().toList();
        return json.ok(V2Result.success(ids));
    }

    @GET
    public Response detail() {
        ClientView client = client();
        String id = client.id().value();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("clientId", id);
        data.put("ephemeral", client.kind() != ClientKind.PERSISTENT);
        Optional<ClientId.IpPort> ipPort = client.id().ipPort();
        if (ipPort.isPresent()) {
            data.put("lastUpdatedTime", lastRenewed(client).orElse(null));
            data.put("clientType", "ipPort");
            data.put("clientIp", ipPort.get().ip());
            data.put("clientPort", Integer.toString(ipPort.get().port()));
            return json.ok(V2Result.success(data));
        }
        Optional<ConnectionInfo> connection = connections.find(client.id());
        data.put("lastUpdatedTime", connection.map(ConnectionInfo::lastActiveAt).or(() -> lastRenewed(client))
                .orElse(null));
        data.put("clientType", "connection");
        data.put("connectType", "GRPC");
        data.put("appName", connection.map(info -> info.labels().get("AppName")).orElse(null));
        data.put("version", connection.map(ConnectionInfo::clientVersion).orElse(null));
        data.put("clientIp", connection.map(ConnectionInfo::clientIp).orElse(null));
        data.put("clientPort", id.substring(id.lastIndexOf('_') + 1));
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("publish/list")
    public Response published() {
        ClientView client = client();
        List<Map<String, Object>> data = new ArrayList<>();
        client.published().entrySet().stream().sorted(Map.Entry.comparingByKey(Comparator.comparing(
                ServiceKey::toString))).forEach(entry -> entry.getValue().forEach(instance -> {
                    Map<String, Object> item = service(entry.getKey());
                    item.put("registeredInstance", address(instance));
                    data.add(item);
                }));
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("subscribe/list")
    public Response subscribed() {
        ClientView client = client();
        List<Map<String, Object>> data = new ArrayList<>();
        client.subscriptions().entrySet().stream().sorted(Map.Entry.comparingByKey(Comparator.comparing(
                ServiceKey::toString))).forEach(entry -> {
                    Subscriber subscriber = subscribers.describe(client.id(), entry.getValue());
                    Map<String, Object> info = new LinkedHashMap<>();
                    info.put("app", subscriber.app());
                    info.put("agent", subscriber.agent());
                    info.put("addr", subscriber.address());
                    Map<String, Object> item = service(entry.getKey());
                    item.put("subscriberInfo", info);
                    data.add(item);
                });
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("service/publisher/list")
    public Response publishers() {
        Query query = query();
        ServiceKey service = query.service();
        List<Map<String, Object>> data = new ArrayList<>();
        reader.publishersOf(service).stream().sorted(Comparator.comparing(ClientId::value))
                .forEach(id -> reader.client(id).flatMap(c -> c.published(service)).orElse(List.of()).stream()
                        .filter(i -> query.matches(i.ip(), i.port()))
                        .forEach(instance -> {
                            Map<String, Object> item = address(instance);
                            item.put("clientId", id.value());
                            data.add(item);
                        }));
        return json.ok(V2Result.success(data));
    }

    @GET
    @Path("service/subscriber/list")
    public Response subscribersOfService() {
        Query query = query();
        List<Map<String, Object>> data = subscribers.of(query.service()).stream()
                .filter(s -> query.matches(s.ip(), s.port()))
                .map(s -> {
                    Map<String, Object> item = new LinkedHashMap<>();
                    item.put("clientId", s.client().value());
                    item.put("ip", s.ip());
                    item.put("port", s.port());
                    return item;
                }).toList();
        return json.ok(V2Result.success(data));
    }

    /** The client {@code clientId} names: 400 when absent, 404 when no such client is known. */
    private ClientView client() {
        String id = request.params().required("clientId");
        return reader.client(new ClientId(id)).orElseThrow(() -> new RegistryException(RegistryException.NOT_FOUND,
                "clientId [ " + id + " ] not exist"));
    }

    /** One service's clients, narrowed to an {@code ip} and {@code port} where given. */
    private record Query(ServiceKey service, String ip, Integer port) {
        boolean matches(String candidateIp, int candidatePort) {
            return (ip == null || ip.equals(candidateIp)) && (port == null || port == candidatePort);
        }
    }

    private Query query() {
        RequestParams params = request.params();
        // Checked as a flag, and then not needed: both kinds of client are listed, as in Nacos 2.x.
        params.bool("ephemeral");
        ServiceKey service = catalog.key(ServiceNames.v2(params));
        return new Query(service, params.text("ip"), params.integer("port"));
    }

    /** When the client last renewed anything here (a beat, a poll, a publish): null when it never had to. */
    private static Optional<Long> lastRenewed(ClientView client) {
        return Stream.concat(client.published().keySet().stream().map(client::lease),
                        client.subscriptions().keySet().stream().map(client::subscriptionLease))
                .flatMap(Optional::stream).map(LeaseState::renewedAtMillis).max(Long::compare);
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
