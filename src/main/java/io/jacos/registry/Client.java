package io.jacos.registry;

import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;
import io.jacos.registry.client.ClientSnapshot;
import io.jacos.registry.client.ClientView;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A registry client: what it published and what it subscribed to. Only the {@code Registry} mutates it,
 * holding this object's monitor, so a client's own operations are applied one at a time; everyone else gets a
 * {@link ClientView}, copied under the same monitor, so it never shows half of an operation.
 * <p>
 * The owner is the node the client is connected to (a {@code NodeId} address). A cluster node holds read-only
 * copies of its peers' clients and replaces them wholesale from a {@link ClientSnapshot}; only the owner
 * expires a client or replicates it.
 */
final class Client {

    private final ClientId id;
    private final ClientKind kind;
    private volatile String owner;
    private final Map<ServiceKey, List<Instance>> published = new ConcurrentHashMap<>();
    private final Map<ServiceKey, Subscription> subscriptions = new ConcurrentHashMap<>();
    private final Map<ServiceKey, Lease> leases = new ConcurrentHashMap<>();
    private final Map<ServiceKey, Lease> subscriptionLeases = new ConcurrentHashMap<>();
    private volatile boolean removed;

    Client(ClientId id, ClientKind kind, String owner) {
        this.id = id;
        this.kind = kind;
        this.owner = owner;
    }

    ClientId id() {
        return id;
    }

    ClientKind kind() {
        return kind;
    }

    String owner() {
        return owner;
    }

    boolean isRemoved() {
        return removed;
    }

    Optional<List<Instance>> published(ServiceKey service) {
        return Optional.ofNullable(published.get(service));
    }

    Map<ServiceKey, List<Instance>> publishedView() {
        return Map.copyOf(published);
    }

    Optional<Subscription> subscription(ServiceKey service) {
        return Optional.ofNullable(subscriptions.get(service));
    }

    int subscriptionCount() {
        return subscriptions.size();
    }

    Map<ServiceKey, Subscription> subscriptionsView() {
        return Map.copyOf(subscriptions);
    }

    /** The lease of what this client publishes for the service (present while it publishes something). */
    Optional<Lease> lease(ServiceKey service) {
        return Optional.ofNullable(leases.get(service));
    }

    boolean isIdle() {
        return published.isEmpty() && subscriptions.isEmpty();
    }

    /** A whole copy: the registry's writes hold this monitor too. Beats renew leases without it. */
    synchronized ClientView view() {
        return new ClientView(id, kind, owner, published, subscriptions, states(leases), states(subscriptionLeases));
    }

    private static Map<ServiceKey, ClientView.LeaseState> states(Map<ServiceKey, Lease> leases) {
        Map<ServiceKey, ClientView.LeaseState> states = new HashMap<>();
        leases.forEach((service, lease) -> states.put(service, lease.state()));
        return states;
    }

    /** Records the instances this client publishes for a service, and renews their lease. */
    void publish(ServiceKey service, List<Instance> instances, long nowMillis) {
        published.put(service, List.copyOf(instances));
        leases.computeIfAbsent(service, s -> new Lease(nowMillis)).renew(nowMillis);
    }

    /** Returns whether the client had published anything for the service. */
    boolean withdraw(ServiceKey service) {
        leases.remove(service);
        return published.remove(service) != null;
    }

    void subscribe(Subscription subscription, long nowMillis) {
        subscriptions.put(subscription.service(), subscription);
        subscriptionLeases.computeIfAbsent(subscription.service(), s -> new Lease(nowMillis)).renew(nowMillis);
    }

    /** Returns whether the client was subscribed. */
    boolean unsubscribe(ServiceKey service) {
        subscriptionLeases.remove(service);
        return subscriptions.remove(service) != null;
    }

    /** Hands the client to another node (a 1.x client whose responsible node changed). */
    void transferTo(String newOwner) {
        owner = newOwner;
    }

    /** After this, every operation on the client is refused. */
    void markRemoved() {
        removed = true;
    }
}
