package io.jacos.registry.client;

import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One registry client as it was when read, as an immutable value: what it published, what it subscribed to,
 * and the leases of both. Readers get this, never the registry's own client, so only the registry changes a
 * client; a view does not follow later changes (read again for those).
 */
public record ClientView(ClientId id, ClientKind kind, String owner,
                         Map<ServiceKey, List<Instance>> published,
                         Map<ServiceKey, Subscription> subscriptions,
                         Map<ServiceKey, LeaseState> leases,
                         Map<ServiceKey, LeaseState> subscriptionLeases) {

    /**
     * When a beating (1.x) client last proved what it publishes for a service alive (or last polled a
     * subscription), and whether an operator has fixed that instance's health by hand.
     */
    public record LeaseState(long renewedAtMillis, boolean marked) {
    }

    public ClientView {
        published = Map.copyOf(published);
        subscriptions = Map.copyOf(subscriptions);
        leases = Map.copyOf(leases);
        subscriptionLeases = Map.copyOf(subscriptionLeases);
    }

    public Optional<List<Instance>> published(ServiceKey service) {
        return Optional.ofNullable(published.get(service));
    }

    public Optional<Subscription> subscription(ServiceKey service) {
        return Optional.ofNullable(subscriptions.get(service));
    }

    /** The lease of what this client publishes for the service (present while it publishes something). */
    public Optional<LeaseState> lease(ServiceKey service) {
        return Optional.ofNullable(leases.get(service));
    }

    /** The lease of this client's subscription to the service, renewed by each poll (1.x clients). */
    public Optional<LeaseState> subscriptionLease(ServiceKey service) {
        return Optional.ofNullable(subscriptionLeases.get(service));
    }

    /** What replication ships of this client. */
    public ClientSnapshot snapshot() {
        return new ClientSnapshot(id, kind, owner, published, subscriptions);
    }
}
