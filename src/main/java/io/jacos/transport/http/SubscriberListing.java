package io.jacos.transport.http;

import io.jacos.application.ConnectionDirectory;
import io.jacos.application.ConnectionDirectory.ConnectionInfo;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;
import io.jacos.registry.RegistryReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Subscribers as Nacos's ops endpoints describe them ({@code /ns/service/subscribers}, {@code /v2/ns/client/...}):
 * a 1.x client is its UDP push target, {@code ip} and {@code port}; a gRPC client is its connection's IP with port 0,
 * its agent the client version its setup gave and its app the {@code AppName} label. What this node does not know
 * is null: a 1.x subscriber's agent and app (not kept), and for a peer's connection all but the IP its id carries.
 */
@ApplicationScoped
public class SubscriberListing {

    private static final String APP_LABEL = "AppName";

    private RegistryReader reader;
    private ConnectionDirectory connections;
    private ClusterMembers members;

    /** For the container's proxy. */
    protected SubscriberListing() {
    }

    @Inject
    public SubscriberListing(RegistryReader reader, ConnectionDirectory connections, ClusterMembers members) {
        this.reader = reader;
        this.connections = connections;
        this.members = members;
    }

    /** One subscription of one client. {@code address} is Nacos's {@code addrStr}: ip:port, or the ip alone. */
    public record Subscriber(ClientId client, ServiceKey service, String clusters, String ip, int port,
                             String address, String agent, String app) {
    }

    /** The service's subscribers, by client id. */
    public List<Subscriber> of(ServiceKey service) {
        return reader.subscriptionsOf(service).entrySet().stream()
                .sorted(Comparator.comparing(e -> e.getKey().value()))
                .map(e -> describe(e.getKey(), e.getValue()))
                .toList();
    }

    /** The service's subscribers on every node ({@code everyNode}), or only those of clients this node owns. */
    public List<Subscriber> of(ServiceKey service, boolean everyNode) {
        if (everyNode) {
            return of(service);
        }
        String self = members.self().address();
        return of(service).stream()
                .filter(s -> reader.client(s.client()).map(c -> self.equals(c.owner())).orElse(false)).toList();
    }

    public Subscriber describe(ClientId client, Subscription subscription) {
        Optional<ClientId.IpPort> udp = client.ipPort();
        if (udp.isPresent()) {
            String ip = udp.get().ip();
            int port = udp.get().port();
            return new Subscriber(client, subscription.service(), subscription.clusters(), ip, port,
                    ip + ':' + port, null, null);
        }
        Optional<ConnectionInfo> connection = connections.find(client);
        String ip = connection.map(ConnectionInfo::clientIp).orElseGet(() -> ipOfConnectionId(client.value()));
        return new Subscriber(client, subscription.service(), subscription.clusters(), ip, 0, ip,
                connection.map(ConnectionInfo::clientVersion).orElse(null),
                connection.map(info -> info.labels().get(APP_LABEL)).orElse(null));
    }

    /** A connection id reads {@code <millis>_<ip>_<port>}; null for an id of another form. */
    static String ipOfConnectionId(String id) {
        int last = id.lastIndexOf('_');
        int first = id.indexOf('_');
        return first >= 0 && last > first ? id.substring(first + 1, last) : null;
    }
}
