package io.jacos.transport.http.admin;

import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.ConnectionDirectory;
import io.jacos.application.ConnectionDirectory.ConnectionInfo;
import io.jacos.application.ServiceCatalogService;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.v2.V2Result;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import io.jacos.transport.http.request.JsonBodies;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code /nacos/admin/services/{group}/{service}/subscribers}: who is told about the service. A gRPC subscriber
 * is its connection (address and version from the {@link ConnectionDirectory} when this node holds it); a 1.x
 * subscriber is its UDP push target {@code ip:port}, whose client version the server does not keep.
 */
@Tag(name = "Subscribers", description = "Who subscribes to a service")
@JsonBodies
@Path("services/{group}/{service}/subscribers")
@ApplicationScoped
public class SubscribersAdminResource {

    private ServicesAdminResource services;
    private ServiceCatalogService catalog;
    private RegistryReader reader;
    private ConnectionDirectory connections;
    private HttpJson json;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public SubscribersAdminResource() {
    }

    @Inject
    public SubscribersAdminResource(ServicesAdminResource services, ServiceCatalogService catalog,
                                    RegistryReader reader, ConnectionDirectory connections, HttpJson json) {
        this.services = services;
        this.catalog = catalog;
        this.reader = reader;
        this.connections = connections;
        this.json = json;
    }

    @Operation(summary = "Subscribers of a service: address, client version, transport, node")
    @GET
    @Access(Need.READ)
    public Response list(@PathParam("group") String group, @PathParam("service") String service) {
        ServiceKey key = catalog.detail(services.ref(group, service)).key();
        List<Map<String, Object>> data = new ArrayList<>();
        reader.subscriptionsOf(key).entrySet().stream()
                .sorted(Comparator.comparing(e -> e.getKey().value()))
                .forEach(e -> data.add(shown(e.getKey(), e.getValue())));
        return json.ok(V2Result.success(data));
    }

    private Map<String, Object> shown(ClientId id, Subscription subscription) {
        Optional<ClientId.IpPort> udp = id.ipPort();
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("client", id.value());
        if (udp.isPresent()) {
            shown.put("address", udp.get().ip() + ':' + udp.get().port());
            shown.put("clientVersion", null);
            shown.put("transport", "udp");
        } else {
            Optional<ConnectionInfo> connection = connections.find(id);
            shown.put("address", connection.map(ConnectionInfo::clientIp).orElse(null));
            shown.put("clientVersion", connection.map(ConnectionInfo::clientVersion).orElse(null));
            shown.put("transport", "grpc");
        }
        shown.put("clusters", subscription.clusters());
        shown.put("node", reader.client(id).map(ClientView::owner).orElse(null));
        return shown;
    }
}
