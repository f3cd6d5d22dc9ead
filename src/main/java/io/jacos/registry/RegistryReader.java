package io.jacos.registry;

import io.jacos.registry.client.ClientView;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServicePage;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.registry.service.ServiceRecord;

import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Lock-free reads of the {@link Registry}'s indexes, for the hot paths (queries, pushes). Every read returns
 * immutable values (views, snapshots, copies), so it never sees half of a change and never hands out the
 * registry's own objects. The Registry EJB makes this bean over the indexes it owns and writes
 * ({@link Registry#reader()}), which spares each read the EJB container's per-call work.
 */
public class RegistryReader {

    private final RegistryState state;
    private final Clock clock;

    /** For the container's proxy. */
    protected RegistryReader() {
        this(null, null);
    }

    RegistryReader(RegistryState state, Clock clock) {
        this.state = state;
        this.clock = clock;
    }

    public ServiceView view(ServiceKey service) {
        return state.services.find(service).map(ServiceRecord::view).orElseGet(() -> ServiceView.empty(service, clock.millis()));
    }

    public boolean isConnected(ClientId id) {
        return state.clients.containsKey(id);
    }

    /** The client as it is now; it does not follow later changes. */
    public Optional<ClientView> client(ClientId id) {
        return Optional.ofNullable(state.clients.get(id)).map(Client::view);
    }

    /** The client's kind, without copying the client (the UDP push asks on every push). */
    public Optional<ClientKind> kindOf(ClientId id) {
        return Optional.ofNullable(state.clients.get(id)).map(Client::kind);
    }

    public Set<ClientId> subscribersOf(ServiceKey service) {
        return state.subscribers.of(service);
    }

    /** Every current subscriber of the service with what it subscribed to, in one pass. */
    public Map<ClientId, Subscription> subscriptionsOf(ServiceKey service) {
        Map<ClientId, Subscription> result = new HashMap<>();
        for (ClientId id : state.subscribers.of(service)) {
            subscription(id, service).ifPresent(s -> result.put(id, s));
        }
        return result;
    }

    public Optional<Subscription> subscription(ClientId id, ServiceKey service) {
        Client client = state.clients.get(id);
        return client == null ? Optional.empty() : client.subscription(service);
    }

    /** The clients that publish instances in the service. */
    public Set<ClientId> publishersOf(ServiceKey service) {
        return state.services.find(service).map(ServiceRecord::publishers).orElse(Set.of());
    }

    /** Every existing service of the namespace, as its current view (unordered). */
    public List<ServiceView> servicesIn(String namespace) {
        return state.services.all().stream().filter(r -> r.key().namespace().equals(namespace))
                .map(ServiceRecord::view).toList();
    }

    public Set<String> clustersOf(ServiceKey service) {
        return state.services.find(service).map(ServiceRecord::clusters).orElse(Set.of());
    }

    public ServicePage listServices(String namespace, String group, int pageNo, int pageSize) {
        return state.services.page(namespace, group, pageNo, pageSize);
    }

    /** Live clients of one kind, as they are now (the beat check walks the 1.x ones). */
    public List<ClientView> clientsOf(ClientKind kind) {
        return state.clients.values().stream().filter(c -> c.kind() == kind).map(Client::view).toList();
    }

    /** How many live clients of a kind there are, counted without copying them. */
    public int countOf(ClientKind kind) {
        int count = 0;
        for (Client client : state.clients.values()) {
            count += client.kind() == kind ? 1 : 0;
        }
        return count;
    }

    /** The clients a node owns, as they are now: this node's own (to replicate), or a peer's copies. */
    public List<ClientView> clientsOwnedBy(String owner) {
        return state.clients.values().stream().filter(c -> owner.equals(c.owner())).map(Client::view).toList();
    }

    /** How many clients of a kind a node owns, counted without copying the client table. */
    public int countOwned(ClientKind kind, String owner) {
        int count = 0;
        for (Client client : state.clients.values()) {
            count += client.kind() == kind && owner.equals(client.owner()) ? 1 : 0;
        }
        return count;
    }

    /** Every existing service of every namespace, as its current view (unordered). */
    public List<ServiceView> allServices() {
        return state.services.all().stream().map(ServiceRecord::view).toList();
    }

    /** Whether any service of the namespace exists (holds instances, subscribers or was declared). */
    public boolean hasServices(String namespace) {
        return state.services.all().stream().anyMatch(r -> r.key().namespace().equals(namespace));
    }

    /** Services and instances per namespace, for the console. */
    public Map<String, NamespaceCounts> countsByNamespace() {
        Map<String, NamespaceCounts> counts = new HashMap<>();
        for (ServiceRecord record : state.services.all()) {
            counts.merge(record.key().namespace(), new NamespaceCounts(1, record.view().instances().size()),
                    (a, b) -> new NamespaceCounts(a.services() + b.services(), a.instances() + b.instances()));
        }
        return counts;
    }

    public record NamespaceCounts(int services, int instances) {
        public static final NamespaceCounts NONE = new NamespaceCounts(0, 0);
    }

    /** The service's operator settings and whether it exists at all. */
    public Optional<ServiceMeta> serviceMeta(ServiceKey service) {
        return state.services.find(service).map(ServiceRecord::meta);
    }

    /** Instances marked healthy, over every service (the admin API's server counts). */
    public int healthyInstanceCount() {
        return state.services.all().stream().mapToInt(ServiceRecord::healthyCount).sum();
    }

    /** One pass over services and clients: a scrape reads a count per service, never every instance. */
    public RegistryStats stats() {
        int instances = 0;
        int healthy = 0;
        for (ServiceRecord record : state.services.all()) {
            instances += record.view().instances().size();
            healthy += record.healthyCount();
        }
        int ipPort = 0;
        int persistent = 0;
        for (Client client : state.clients.values()) {
            ipPort += client.kind() == ClientKind.IP_PORT ? 1 : 0;
            persistent += client.kind() == ClientKind.PERSISTENT ? 1 : 0;
        }
        return new RegistryStats(state.services.size(), instances, state.subscribers.count(), state.clients.size(),
                healthy, ipPort, persistent);
    }
}
