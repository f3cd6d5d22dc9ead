package io.jacos.push;

import io.jacos.event.PushDelivered;
import io.jacos.event.ServiceChanged;
import io.jacos.event.ServiceSubscribed;
import io.jacos.settings.PushSettings;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.model.Subscription;
import io.jacos.registry.RegistryReader;
import io.jacos.task.DelayWake;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * Turns registry events into pushes: wires {@link PushDelivery} to the registry, the transports' channels and
 * the container's scheduled executor, whose 10 ms tick runs the due tasks from {@link #start()} on (changes
 * observed before that wait for it). The tick only hands pushes to the
 * channels; serializing and writing happen on the channels' workers.
 */
@ApplicationScoped
public class PushService {

    @Resource
    ManagedScheduledExecutorService scheduler;
    private final RegistryReader registry;
    private final PushSettings pushSettings;
    private final PushStats stats;
    private final Instance<PushChannel> channels;
    private final Clock clock;
    private final Event<PushDelivered> delivered;

    private PushDelivery delivery;
    private DelayWake ticking;

    /** For the container's proxy. */
    protected PushService() {
        this(null, null, null, null, null, null);
    }

    @Inject
    public PushService(RegistryReader registry, PushSettings pushSettings, PushStats stats,
                       @Any Instance<PushChannel> channels, Clock clock, Event<PushDelivered> delivered) {
        this.registry = registry;
        this.pushSettings = pushSettings;
        this.stats = stats;
        this.channels = channels;
        this.clock = clock;
        this.delivered = delivered;
    }

    @PostConstruct
    void wire() {
        PushDelivery.Subscriptions subscriptions = new PushDelivery.Subscriptions() {
            @Override
            public Map<ClientId, Subscription> of(ServiceKey service) {
                return registry.subscriptionsOf(service);
            }

            @Override
            public Optional<Subscription> find(ClientId client, ServiceKey service) {
                return registry.subscription(client, service);
            }
        };
        PushDelivery.Timing timing = new PushDelivery.Timing(pushSettings.pushDelayMillis(),
                pushSettings.pushRetryDelayMillis(), pushSettings.pushRetryMaxDelayMillis(),
                pushSettings.subscribeSettleMillis());
        delivery = new PushDelivery(subscriptions, registry::view, channels.stream().toList(), timing, stats,
                System::nanoTime, clock::millis, delivered::fire);
    }

    /** Starts the tick; called on a deployment thread, which lets the container's executor accept it. */
    public synchronized void start() {
        if (ticking == null) {
            ticking = delivery.engine().start(scheduler, pushSettings.taskTickMillis());
        }
    }

    public synchronized void stop() {
        if (ticking != null) {
            ticking.stop();
            ticking = null;
        }
    }

    void onServiceChanged(@Observes ServiceChanged event) {
        delivery.serviceChanged(event.service());
    }

    void onSubscribed(@Observes ServiceSubscribed event) {
        delivery.subscribed(event.client(), event.service());
    }
}
