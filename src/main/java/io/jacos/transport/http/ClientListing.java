package io.jacos.transport.http;

import io.jacos.application.ConnectionDirectory;
import io.jacos.application.ConnectionDirectory.ConnectionInfo;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.registry.client.ClientView.LeaseState;
import io.jacos.transport.http.SubscriberListing.Subscriber;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The registry's clients as Nacos's client queries ({@code /v2/ns/client}, {@code /v3/admin/ns/client}) see them:
 * every client id, one client's summary, what it publishes and subscribes to, and the publishers and subscribers
 * of one service narrowed to an address. Each API version shapes these in its own JSON.
 */
@ApplicationScoped
public class ClientListing {

    private static final String APP_LABEL = "AppName";

    private RegistryReader reader;
    private ConnectionDirectory connections;
    private SubscriberListing subscribers;

    /** For the container's proxy. */
    protected ClientListing() {
    }

    @Inject
    public ClientListing(RegistryReader reader, ConnectionDirectory connections, SubscriberListing subscribers) {
        this.reader = reader;
        this.connections = connections;
        this.subscribers = subscribers;
    }

    /**
     * One client. A 1.x client ({@code ipPort}) is its address; a gRPC client ({@code connection}) what its
     * connection told this node, or only its id's IP and port when another node holds the connection.
     * {@code lastUpdatedTime} is null when nothing was ever renewed.
     */
    public record Summary(String clientId, boolean ephemeral, Long lastUpdatedTime, boolean connection,
                          String appName, String version, String clientIp, String clientPort) {
    }

    /** One instance a client publishes, with its service. */
    public record Published(ServiceKey service, Instance instance) {
    }

    /** One instance of a service, with the client that publishes it. */
    public record Publisher(ClientId client, Instance instance) {
    }

    /** A service's clients narrowed to an {@code ip} and a {@code port} where given. */
    public record Filter(ServiceKey service, String ip, Integer port) {
        boolean matches(String candidateIp, int candidatePort) {
            return (ip == null || ip.equals(candidateIp)) && (port == null || port == candidatePort);
        }
    }

    /** Every client id this node knows, its own and its peers' copies, sorted. */
    public List<String> ids() {
        return Stream.of(ClientKind.values()).flatMap(kind -> reader.clientsOf(kind).stream())
                .map(client -> client.id().value()).sorted().toList();
    }

    /** The client {@code id} names; 404 when no such client is known. */
    public ClientView client(String id) {
        return reader.client(new ClientId(id)).orElseThrow(() -> new RegistryException(RegistryException.NOT_FOUND,
                "clientId [ " + id + " ] not exist"));
    }

    public Summary summary(ClientView client) {
        String id = client.id().value();
        boolean ephemeral = client.kind() != ClientKind.PERSISTENT;
        Optional<ClientId.IpPort> ipPort = client.id().ipPort();
        if (ipPort.isPresent()) {
            return new Summary(id, ephemeral, lastRenewed(client).orElse(null), false, null, null,
                    ipPort.get().ip(), Integer.toString(ipPort.get().port()));
        }
        Optional<ConnectionInfo> connection = connections.find(client.id());
        return new Summary(id, ephemeral,
                connection.map(ConnectionInfo::lastActiveAt).or(() -> lastRenewed(client)).orElse(null), true,
                connection.map(info -> info.labels().get(APP_LABEL)).orElse(null),
                connection.map(ConnectionInfo::clientVersion).orElse(null),
                connection.map(ConnectionInfo::clientIp).orElse(null), id.substring(id.lastIndexOf('_') + 1));
    }

    /** What the client publishes, by service name, an entry per instance. */
    public List<Published> published(ClientView client) {
        List<Published> answer = new ArrayList<>();
        client.published().entrySet().stream().sorted(Map.Entry.comparingByKey(byName()))
                .forEach(entry -> entry.getValue().forEach(instance -> answer.add(
                        new Published(entry.getKey(), instance))));
        return answer;
    }

    /** What the client subscribes to, by service name. */
    public List<Subscriber> subscribed(ClientView client) {
        return client.subscriptions().entrySet().stream().sorted(Map.Entry.comparingByKey(byName()))
                .map(entry -> subscribers.describe(client.id(), entry.getValue())).toList();
    }

    /** The service's instances with their clients, by client id. */
    public List<Publisher> publishers(Filter filter) {
        ServiceKey service = filter.service();
        List<Publisher> answer = new ArrayList<>();
        reader.publishersOf(service).stream().sorted(Comparator.comparing(ClientId::value))
                .forEach(id -> reader.client(id).flatMap(c -> c.published(service)).orElse(List.of()).stream()
                        .filter(i -> filter.matches(i.ip(), i.port()))
                        .forEach(instance -> answer.add(new Publisher(id, instance))));
        return answer;
    }

    /** The service's subscribers, by client id. */
    public List<Subscriber> subscribers(Filter filter) {
        return subscribers.of(filter.service()).stream().filter(s -> filter.matches(s.ip(), s.port())).toList();
    }

    /** When the client last renewed anything here (a beat, a poll, a publish): empty when it never had to. */
    private static Optional<Long> lastRenewed(ClientView client) {
        return Stream.concat(client.published().keySet().stream().map(client::lease),
                        client.subscriptions().keySet().stream().map(client::subscriptionLease))
                .flatMap(Optional::stream).map(LeaseState::renewedAtMillis).max(Long::compare);
    }

    private static Comparator<ServiceKey> byName() {
        return Comparator.comparing(ServiceKey::toString);
    }
}
