package io.jacos.application.internal;

import io.jacos.settings.BalanceSettings;
import io.jacos.model.ChangeCause;
import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.registry.Registry;
import io.jacos.registry.RegistryReader;
import io.jacos.task.Periodic;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;

/**
 * Clients this node asked to move to another node. When such a client's connection closes, it is parked
 * instead of removed: its subscriptions end, but what it published stays here and on the peers until the
 * hand-off grace ends, by which time its redo on the new node has re-published the same instances. So a planned
 * move never shows subscribers an instance vanishing and coming back.
 * <p>
 * Both maps hold at most one entry per connection this node had, and every entry ends after the grace. They are
 * concurrent maps, so the bean takes no container lock (every connection close passes here).
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class HandedOffClients {

    private static final long SWEEP_MILLIS = 500;

    @Resource
    ManagedScheduledExecutorService scheduler;
    private final Registry registry;
    private final RegistryReader reader;
    private final Clock clock;
    private final BalanceSettings balanceSettings;

    private final Map<ClientId, Long> asked = new ConcurrentHashMap<>();
    private final Map<ClientId, Long> parked = new ConcurrentHashMap<>();
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

    public void sweep() {
        long now = clock.millis();
        asked.values().removeIf(deadline -> deadline <= now);
        parked.forEach((client, deadline) -> {
            if (deadline <= now && parked.remove(client, deadline)) {
                registry.disconnect(client, ChangeOrigin.of(ChangeCause.CONNECTION_CLOSED, client));
            }
        });
    }
}
