package io.jacos.registry;

import io.jacos.event.ClientConnected;
import io.jacos.event.ClientDisconnected;
import io.jacos.event.InstanceDeregistered;
import io.jacos.event.InstanceRegistered;
import io.jacos.event.InstancesChanged;
import io.jacos.event.ServiceChanged;
import io.jacos.event.ServiceSubscribed;
import io.jacos.event.ServiceUnsubscribed;
import io.jacos.settings.NamingSettings;
import io.jacos.registry.client.ClientSnapshot;
import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceMeta;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.registry.service.ServiceIndex;
import io.jacos.registry.service.ServiceRecord;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.inject.Produces;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.Map;
import java.util.Set;

/**
 * The one writer of the naming indexes: clients by id, each client's published instances and subscriptions,
 * the service singletons with their publishers and cached views, and service to subscribers. It owns them, and
 * hands out reads through its {@link RegistryReader}, which returns values only.
 * <p>
 * Concurrency model: bean-managed, no container lock. Each operation holds the monitor of the client it acts
 * for, then (for publishing) the monitor of the service record, always in that order. So one client's
 * operations apply in order, one service's instance list changes atomically, and unrelated clients and
 * services proceed in parallel. Events are fired after the locks are released and the change is visible.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class Registry {

    @Inject
    Event<Object> events;
    @Inject
    NamingSettings namingSettings;
    @Inject
    Clock clock;

    private RegistryReader reader;
    private Map<ClientId, Client> clients;
    /** The 1.x clients this node created itself (copies from peers do not count against the limit). */
    private final Set<ClientId> ipPortClients = ConcurrentHashMap.newKeySet();
    private ServiceIndex services;
    private SubscriberIndex subscribers;
    private ServiceWrites serviceWrites;
    private PublishedInstanceEdits instanceWrites;
    private CopyWrites copyWrites;

    @PostConstruct
    void createIndexes() {
        RegistryState state = new RegistryState(clock);
        reader = new RegistryReader(state, clock);
        clients = state.clients;
        services = state.services;
        subscribers = state.subscribers;
        serviceWrites = new ServiceWrites(services, subscribers, event -> events.fire(event));
        instanceWrites = new PublishedInstanceEdits(clients, services, clock::millis, event -> events.fire(event));
        copyWrites = new CopyWrites(clients, services, clock::millis, event -> events.fire(event));
    }

    public void connect(ClientId id, ClientKind kind, String owner) {
        if (clients.putIfAbsent(id, new Client(id, kind, owner)) == null) {
            events.fire(new ClientConnected(id, kind));
        }
    }

    /**
     * Connects a 1.x (ip:port) client unless it is connected already (a copy of a peer's is taken over);
     * refused (503) when {@code max} such clients exist, since any HTTP caller can name new ones.
     */
    public void connectIpPort(ClientId id, String owner, int max) {
        Client existing = clients.get(id);
        if (existing != null) {
            if (!owner.equals(existing.owner()) && transfer(id, owner)) {
                // A peer's copy that this node is now responsible for: it becomes ours, beats and all.
                ipPortClients.add(id);
                events.fire(new ClientConnected(id, ClientKind.IP_PORT));
            }
            return;
        }
        if (ipPortClients.size() >= max) {
            throw new RegistryException(RegistryException.OVER_THRESHOLD, "Too many 1.x clients (instances and "
                    + "UDP subscribers): the limit is " + max + ".");
        }
        if (clients.putIfAbsent(id, new Client(id, ClientKind.IP_PORT, owner)) == null) {
            ipPortClients.add(id);
            events.fire(new ClientConnected(id, ClientKind.IP_PORT));
        }
    }

    public boolean isConnected(ClientId id) {
        return reader.isConnected(id);
    }

    /** Removes the client with everything it published and subscribed; pushes follow from the events. */
    public void disconnect(ClientId id, ChangeOrigin origin) {
        Client client = clients.get(id);
        if (client == null) {
            return;
        }
        List<Object> fired = new ArrayList<>();
        synchronized (client) {
            if (client.isRemoved()) {
                return;
            }
            client.markRemoved();
            removed(client);
            client.publishedView().forEach((service, instances) -> {
                client.withdraw(service);
                withdrawFrom(service, id, instances, origin, fired);
            });
            for (ServiceKey service : client.subscriptionsView().keySet()) {
                client.unsubscribe(service);
                subscribers.remove(service, id);
            }
        }
        fired.forEach(events::fire);
        events.fire(new ClientDisconnected(id));
    }

    /** Replaces whatever the client published for the service with these instances (one, or a batch). */
    public void publish(ClientId id, ServiceKey service, List<Instance> instances, ChangeOrigin origin) {
        if (instances.isEmpty()) {
            withdraw(id, service, origin);
            return;
        }
        boolean ephemeral = instances.get(0).ephemeral();
        Client client = liveClient(id);
        ServiceRecord record;
        boolean changed;
        List<Instance> before;
        while (true) {
            record = services.getOrCreate(service, ephemeral);
            synchronized (client) {
                requireLive(client);
                synchronized (record) {
                    if (record.isRetired()) {
                        continue;
                    }
                    requireKind(record, ephemeral);
                    requireClusterRoom(record, instances);
                    before = client.published(service).orElse(List.of());
                    client.publish(service, instances, clock.millis());
                    client.lease(service).ifPresent(lease -> lease.marked(false));
                    changed = record.publish(id, instances);
                }
            }
            break;
        }
        events.fire(new InstanceRegistered(id, service));
        if (changed) {
            events.fire(new ServiceChanged(service, record.revision()));
        }
        if (!before.equals(instances)) {
            events.fire(new InstancesChanged(id, service, before, instances, origin));
        }
    }

    /**
     * Several publishes in one call, applied in order, each as {@link #publish} applies it; the registration
     * path hands them over in batches because the container's invocation path around each call into this bean
     * costs more than a typical publish itself. Returns each order's refusal in its place, null where it was
     * applied: one refused order does not stop the others.
     */
    public List<RuntimeException> publishAll(List<PublishOrder> orders) {
        List<RuntimeException> refusals = new ArrayList<>(orders.size());
        for (PublishOrder order : orders) {
            try {
                publish(order.client(), order.service(), order.instances(), order.origin());
                refusals.add(null);
            } catch (RuntimeException e) {
                refusals.add(e);
            }
        }
        return refusals;
    }

    /**
     * Rewrites each instance the client publishes for the service (a health mark, an operator's edit), keeping
     * the instances' identity. Returns false, changing nothing, when the client publishes nothing there.
     */
    public boolean amend(ClientId id, ServiceKey service, UnaryOperator<Instance> change, ChangeOrigin origin) {
        return instanceWrites.amend(id, service, change, origin);
    }

    /**
     * A beat: renews the lease of what the client publishes for the service and returns those instances, or
     * none when the client does not publish there (it must register again). Takes no lock.
     */
    public List<Instance> renew(ClientId id, ServiceKey service) {
        return instanceWrites.renew(id, service);
    }

    /** Fixes (or frees) the health of what the client publishes for the service, against the beat check. */
    public boolean mark(ClientId id, ServiceKey service, boolean healthy, boolean marked, ChangeOrigin origin) {
        return instanceWrites.mark(id, service, healthy, marked, origin);
    }

    /** Removes the client when it publishes and subscribes to nothing (a 1.x client whose last lease ended). */
    public boolean disconnectIfIdle(ClientId id) {
        Client client = clients.get(id);
        if (client == null) {
            return false;
        }
        synchronized (client) {
            if (client.isRemoved() || !client.isIdle()) {
                return false;
            }
            client.markRemoved();
            removed(client);
        }
        events.fire(new ClientDisconnected(id));
        return true;
    }

    /**
     * Creates the service or replaces its operator settings; it then stays until {@link #deleteService}, with or
     * without instances. Subscribers are pushed the change (the protect threshold changes what they see).
     */
    public void declareService(ServiceKey service, ServiceMeta meta) {
        serviceWrites.declare(service, meta);
    }

    /** Drops a service that holds no instances; refused (400) while it holds some. Returns false if unknown. */
    public boolean deleteService(ServiceKey service) {
        return serviceWrites.delete(service);
    }

    /**
     * Drops services that have had no instances and no subscribers for {@code expiryMillis}, so names that
     * are no longer used leave the service list and memory. Returns how many were dropped.
     */
    public int retireIdleServices(long nowMillis, long expiryMillis) {
        return serviceWrites.retireIdle(nowMillis, expiryMillis);
    }

    /** Removes what the client published for the service; a no-op when it published nothing. */
    public void withdraw(ClientId id, ServiceKey service, ChangeOrigin origin) {
        Client client = liveClient(id);
        List<Object> fired = new ArrayList<>();
        synchronized (client) {
            requireLive(client);
            List<Instance> before = client.published(service).orElse(List.of());
            if (client.withdraw(service)) {
                withdrawFrom(service, id, before, origin, fired);
            }
        }
        fired.forEach(events::fire);
    }

    /**
     * Records the subscription and returns the service's current view. A client already holding
     * {@code maxSubscriptions} other subscriptions is refused (503) and nothing changes.
     */
    public ServiceView subscribe(ClientId id, Subscription subscription, int maxSubscriptions) {
        Client client = liveClient(id);
        boolean renewal;
        synchronized (client) {
            requireLive(client);
            if (client.subscription(subscription.service()).isEmpty()
                    && client.subscriptionCount() >= maxSubscriptions) {
                throw new RegistryException(RegistryException.OVER_THRESHOLD, "Too many subscriptions on this "
                        + "connection: the limit is " + maxSubscriptions + ".");
            }
            renewal = client.subscription(subscription.service()).filter(subscription::equals).isPresent();
            client.subscribe(subscription, clock.millis());
            subscribers.add(subscription.service(), id);
        }
        // A renewal (a 1.x client's poll, every few seconds) answers the current view itself; pushing it as well
        // would send every poller a packet though nothing changed.
        if (!renewal) {
            events.fire(new ServiceSubscribed(id, subscription.service()));
        }
        return reader.view(subscription.service());
    }

    public ServiceView unsubscribe(ClientId id, ServiceKey service) {
        Client client = liveClient(id);
        boolean was;
        synchronized (client) {
            requireLive(client);
            was = client.unsubscribe(service);
            subscribers.remove(service, id);
        }
        if (was) {
            events.fire(new ServiceUnsubscribed(id, service));
        }
        return reader.view(service);
    }

    /**
     * Replication only: holds the client as a copy owned by the snapshot's node, publishing exactly the
     * snapshot's instances (created if new; what it no longer publishes is withdrawn). Its subscriptions are not
     * copied: subscribers are served by the node they are connected to.
     */
    public void applyCopy(ClientSnapshot snapshot) {
        copyWrites.apply(snapshot);
    }

    /** Replication only: removes the client if {@code owner} still owns it. Returns whether it did. */
    public boolean removeCopy(ClientId id, String owner) {
        Client client = clients.get(id);
        if (client == null || !owner.equals(client.owner())) {
            return false;
        }
        disconnect(id, ChangeOrigin.node(ChangeCause.REPLICATION, owner));
        return true;
    }

    /** Hands a client to another node (a 1.x client whose responsible node changed). Returns false if unknown. */
    public boolean transfer(ClientId id, String newOwner) {
        Client client = clients.get(id);
        if (client == null) {
            return false;
        }
        synchronized (client) {
            if (client.isRemoved()) {
                return false;
            }
            client.transferTo(newOwner);
        }
        return true;
    }

    /**
     * The reads over these indexes, for every bean that injects a {@link RegistryReader}: the one reader itself,
     * not a client proxy, since every query goes through it. The reader holds no state of its own to scope.
     */
    @Produces
    public RegistryReader reader() {
        return reader;
    }

    private void withdrawFrom(ServiceKey service, ClientId id, List<Instance> before, ChangeOrigin origin,
                              List<Object> fired) {
        services.find(service).ifPresent(record -> {
            if (record.withdraw(id)) {
                fired.add(new InstanceDeregistered(id, service));
                fired.add(new ServiceChanged(service, record.revision()));
                fired.add(new InstancesChanged(id, service, before, List.of(), origin));
            }
        });
    }

    private static void requireKind(ServiceRecord record, boolean ephemeral) {
        if (!record.accepts(ephemeral)) {
            throw RegistryException.invalid("Current service " + record.key().groupedName() + " is "
                    + (record.ephemeral() ? "ephemeral" : "persistent") + " service, can't register "
                    + (ephemeral ? "ephemeral" : "persistent") + " instance.");
        }
    }

    /** Refuses (503) instances that would take the service past its cluster limit, before anything changes. */
    private void requireClusterRoom(ServiceRecord record, List<Instance> instances) {
        int max = namingSettings.maxClustersPerService();
        if (record.wouldExceedClusters(instances, max)) {
            throw new RegistryException(RegistryException.OVER_THRESHOLD, "Too many clusters in service "
                    + record.key().groupedName() + ": the limit is " + max + ".");
        }
    }

    private void removed(Client client) {
        if (clients.remove(client.id(), client)) {
            ipPortClients.remove(client.id());
        }
    }

    private Client liveClient(ClientId id) {
        Client client = clients.get(id);
        if (client == null) {
            throw new RegistryException(RegistryException.UN_REGISTER, "Connection is unregistered.");
        }
        return client;
    }

    private static void requireLive(Client client) {
        if (client.isRemoved()) {
            throw new RegistryException(RegistryException.UN_REGISTER, "Connection is unregistered.");
        }
    }
}
