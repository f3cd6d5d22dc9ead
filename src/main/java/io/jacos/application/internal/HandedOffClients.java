package io.jacos.application.internal;

import io.jacos.settings.BalanceSettings;
import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;
import io.jacos.event.EndpointWithdrawn;
import io.jacos.event.InstanceRegistered;
import io.jacos.event.PeerWithdrewEndpoint;
import io.jacos.model.ClientId;
import io.jacos.model.Instance;
import io.jacos.model.ServiceKey;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.task.Periodic;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;

/**
 * Clients this node asked to move to another node. When such a client's connection closes, it is parked
 * instead of removed: its subscriptions end, but what it published stays here and on the peers until its redo on
 * the new node has re-published the same instances (another client publishes each of them, seen on any node) and
 * {@link #LANDING_SETTLE_MILLIS} more have passed, or at the latest until the hand-off grace ends. So a planned
 * move never shows subscribers an instance vanishing and coming back, and an instance the application removes
 * after it moved does not live on in the parked client.
 * A service the application left before its client's redo ran never lands, so the node the application
 * deregistered through tells every node ({@link EndpointWithdrawn}, here and through replication) and each drops that
 * address from the clients it handed off: releasing the whole parked client early instead could drop a live
 * instance when the client is moved again within its redo's pass.
 * <p>
 * The maps hold at most one entry per connection this node had, and every entry ends after the grace. They are
 * concurrent maps, so the bean takes no container lock (every connection close passes here), and it touches no
 * database, so no container transaction either (every registration's event passes here too).
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class HandedOffClients {

    /** Often, so a parked client whose move landed goes soon after its settle; the maps are usually empty. */
    private static final long SWEEP_MILLIS = 100;
    /**
     * How long a parked client stays after its move landed. Its removal reaches a third node from here, but the
     * successor's instances reach it from the new node, on another link that may lag; removed at once, the
     * address could vanish there until they come, and its subscribers be pushed a list without it.
     */
    static final long LANDING_SETTLE_MILLIS = 1_000;

    @Resource
    ManagedScheduledExecutorService scheduler;
    private final Registry registry;
    private final RegistryReader reader;
    private final Clock clock;
    private final BalanceSettings balanceSettings;

    private final Map<ClientId, Long> asked = new ConcurrentHashMap<>();
    private final Map<ClientId, Long> parked = new ConcurrentHashMap<>();
    /** The services whose instances a parked client's successor has published again. */
    private final Map<ClientId, Landing> landed = new ConcurrentHashMap<>();

    /** The services of a parked client its successor published again, and when the last of them did. */
    private record Landing(Set<ServiceKey> services, long lastAtMillis) {

        Landing and(ServiceKey service, long atMillis) {
            Set<ServiceKey> more = new HashSet<>(services);
            more.add(service);
            return new Landing(Set.copyOf(more), atMillis);
        }
    }

    private ScheduledFuture<?> schedule;

    /** For the EJB container. */
    public HandedOffClients() {
        this(null, null, null, null);
    }

    @Inject
    public HandedOffClients(Registry registry, RegistryReader reader, Clock clock, BalanceSettings balanceSettings) {
        this.registry = registry;
        this.reader = reader;
        this.clock = clock;
        this.balanceSettings = balanceSettings;
    }

    public void start() {
        schedule = Periodic.every(scheduler, SWEEP_MILLIS, "Handed-off client sweep", this::sweep);
    }

    public void stop() {
        if (schedule != null) {
            schedule.cancel(false);
        }
    }

    public void asked(ClientId client) {
        asked.put(client, clock.millis() + balanceSettings.handoffGraceMillis());
    }

    /** Parks the client if it was asked to move; returns false (the caller removes it) otherwise. */
    public boolean parkIfAsked(ClientId client) {
        if (asked.remove(client) == null) {
            return false;
        }
        reader.client(client).ifPresent(c -> c.subscriptions().keySet()
                .forEach(service -> registry.unsubscribe(client, service)));
        parked.put(client, clock.millis() + balanceSettings.handoffGraceMillis());
        return true;
    }

    /**
     * Another client published instances: when they cover what a parked client publishes in that service, the
     * move landed there; once it landed in all its services the next sweep removes the parked client (not this
     * thread, the registry's caller).
     */
    public void published(@Observes InstanceRegistered event) {
        if (parked.isEmpty() || parked.containsKey(event.client())) {
            return;
        }
        List<Instance> fresh = reader.client(event.client()).flatMap(c -> c.published(event.service()))
                .orElse(List.of());
        for (ClientId client : parked.keySet()) {
            Optional<ClientView> view = reader.client(client);
            List<Instance> held = view.flatMap(c -> c.published(event.service())).orElse(List.of());
            if (!held.isEmpty() && held.stream().allMatch(h -> fresh.stream().anyMatch(f -> sameEndpoint(h, f)))) {
                long now = clock.millis();
                landed.compute(client, (k, landing) -> landing == null
                        ? new Landing(Set.of(event.service()), now) : landing.and(event.service(), now));
            }
        }
    }

    /** An application deregistered through this node: its address goes from the clients this node handed off. */
    public void withdrawnHere(@Observes EndpointWithdrawn event) {
        drop(event);
    }

    /** The same, through a peer. */
    public void withdrawnOnPeer(@Observes PeerWithdrewEndpoint event) {
        drop(event.address());
    }

    /**
     * Drops the address from every client this node asked to move, parked or still closing: the move was the
     * application's, so whatever it deregistered since is meant to be gone. Returns how many clients held it.
     */
    public int drop(EndpointWithdrawn address) {
        if (asked.isEmpty() && parked.isEmpty()) {
            return 0;
        }
        int dropped = 0;
        Set<ClientId> handedOff = new HashSet<>(asked.keySet());
        handedOff.addAll(parked.keySet());
        for (ClientId client : handedOff) {
            List<Instance> held = reader.client(client).flatMap(c -> c.published(address.service()))
                    .orElse(List.of());
            List<Instance> kept = held.stream().filter(h -> !at(h, address)).toList();
            if (kept.size() == held.size()) {
                continue;
            }
            ChangeOrigin origin = ChangeOrigin.client(client);
            if (kept.isEmpty()) {
                registry.withdraw(client, address.service(), origin);
            } else {
                registry.publish(client, address.service(), kept, origin);
            }
            dropped++;
        }
        return dropped;
    }

    public void sweep() {
        long now = clock.millis();
        asked.values().removeIf(deadline -> deadline <= now);
        parked.forEach((client, deadline) -> {
            if ((deadline <= now || movedEverything(client, now)) && parked.remove(client, deadline)) {
                landed.remove(client);
                registry.disconnect(client, ChangeOrigin.of(ChangeCause.CONNECTION_CLOSED, client));
            }
        });
        landed.keySet().retainAll(parked.keySet());
    }

    private boolean movedEverything(ClientId client, long now) {
        Landing landing = landed.get(client);
        return landing != null && now - landing.lastAtMillis() >= LANDING_SETTLE_MILLIS && reader.client(client)
                .map(view -> landing.services().containsAll(view.published().keySet())).orElse(true);
    }

    private static boolean at(Instance held, EndpointWithdrawn address) {
        return held.ip().equals(address.ip()) && held.port() == address.port()
                && held.clusterName().equals(address.clusterName());
    }

    private static boolean sameEndpoint(Instance held, Instance fresh) {
        return held.ip().equals(fresh.ip()) && held.port() == fresh.port()
                && held.clusterName().equals(fresh.clusterName());
    }
}
