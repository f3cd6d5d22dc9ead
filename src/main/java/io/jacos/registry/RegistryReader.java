package io.jacos.registry;

import io.jacos.registry.client.Client;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServicePage;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.registry.service.ServiceRecord;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Lock-free reads of the naming indexes, for the hot paths (queries, pushes). Every read returns immutable
 * snapshots, so it never sees half of a change. Writes go through the {@link Registry} EJB only; this bean
 * just holds the indexes it writes, which spares each read the EJB container's per-call work.
 */
@ApplicationScoped
public class RegistryReader {

    @Inject
    Clock clock;

    private RegistryState state;

    public RegistryReader() {
    }

    RegistryReader(Clock clock) {
        this.clock = clock;
        init();
    }

    @PostConstruct
    void init() {
        state = new RegistryState(clock);
    }

    RegistryState state() {
        return state;
    }

    long now() {
        return clock.millis();
    }

    public ServiceView view(ServiceKey service) {
        return state.services.find(service).map(ServiceRecord::view).orElseGet(() -> ServiceView.empty(service, clock.millis()));
    }

    public boolean isConnected(ClientId id) {
        return state.clients.containsKey(id);
    }

    public Optional<Client> client(ClientId id) {
        return Optional.ofNullable(state.clients.get(id));
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

    /** Live clients of one kind (the beat check walks the 1.x ones). */
    public List<Client> clientsOf(ClientKind kind) {
        return state.clients.values().stream().filter(c -> c.kind() == kind).toList();
    }

    /** The clients a node owns: this node's own (to replicate), or a peer's copies. */
    public List<Client> clientsOwnedBy(String owner) {
        return state.clients.values().stream().filter(c -> owner.equals(c.owner())).toList();
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
