package io.jacos.registry.client;

import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A registry client: what it published and what it subscribed to. Only the {@code Registry} mutates it,
 * holding this object's monitor, so a client's own operations are applied one at a time while readers see
 * the concurrent maps without locking.
 * <p>
 * The owner is the node the client is connected to (a {@code NodeId} address). A cluster node holds read-only
 * copies of its peers' clients and replaces them wholesale from a {@link ClientSnapshot}; only the owner
 * expires a client or replicates it.
 */
public final class Client {

    private final ClientId id;
    private final ClientKind kind;
    private volatile String owner;
    private final Map<ServiceKey, List<Instance>> published = new ConcurrentHashMap<>();
    private final Map<ServiceKey, Subscription> subscriptions = new ConcurrentHashMap<>();
    private final Map<ServiceKey, Lease> leases = new ConcurrentHashMap<>();
    private final Map<ServiceKey, Lease> subscriptionLeases = new ConcurrentHashMap<>();
    private volatile boolean removed;

    public Client(ClientId id, ClientKind kind, String owner) {
        this.id = id;
        this.kind = kind;
        this.owner = owner;
    }

    public ClientId id() {
        return id;
    }

    public ClientKind kind() {
        return kind;
    }

    public String owner() {
        return owner;
    }

    public boolean isRemoved() {
        return removed;
    }

    public Optional<List<Instance>> published(ServiceKey service) {
        return Optional.ofNullable(published.get(service));
    }

    public Map<ServiceKey, List<Instance>> publishedView() {
        return Map.copyOf(published);
    }

    public Optional<Subscription> subscription(ServiceKey service) {
        return Optional.ofNullable(subscriptions.get(service));
    }

    public int subscriptionCount() {
        return subscriptions.size();
    }

    public Map<ServiceKey, Subscription> subscriptionsView() {
        return Map.copyOf(subscriptions);
    }

    /** The lease of what this client publishes for the service (present while it publishes something). */
    public Optional<Lease> lease(ServiceKey service) {
        return Optional.ofNullable(leases.get(service));
    }

    /** The lease of this client's subscription to the service, renewed by each poll (1.x clients). */
    public Optional<Lease> subscriptionLease(ServiceKey service) {
        return Optional.ofNullable(subscriptionLeases.get(service));
    }

    public boolean isIdle() {
        return published.isEmpty() && subscriptions.isEmpty();
    }

    public ClientSnapshot snapshot() {
        return new ClientSnapshot(id, kind, owner, publishedView(), subscriptionsView());
    }

    /** Registry only: records the instances this client publishes for a service, and renews their lease. */
    public void publish(ServiceKey service, List<Instance> instances, long nowMillis) {
        published.put(service, List.copyOf(instances));
        leases.computeIfAbsent(service, s -> new Lease(nowMillis)).renew(nowMillis);
    }

    /** Registry only: returns whether the client had published anything for the service. */
    public boolean withdraw(ServiceKey service) {
        leases.remove(service);
        return published.remove(service) != null;
    }

    /** Registry only. */
    public void subscribe(Subscription subscription, long nowMillis) {
        subscriptions.put(subscription.service(), subscription);
        subscriptionLeases.computeIfAbsent(subscription.service(), s -> new Lease(nowMillis)).renew(nowMillis);
    }

    /** Registry only: returns whether the client was subscribed. */
    public boolean unsubscribe(ServiceKey service) {
        subscriptionLeases.remove(service);
        return subscriptions.remove(service) != null;
    }

    /** Registry only: hands the client to another node (a 1.x client whose responsible node changed). */
    public void transferTo(String newOwner) {
        owner = newOwner;
    }

    /** Registry only: after this, every operation on the client is refused. */
    public void markRemoved() {
        removed = true;
    }
}
