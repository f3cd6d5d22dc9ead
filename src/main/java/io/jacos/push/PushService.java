package io.jacos.push;

import io.jacos.event.ServiceChanged;
import io.jacos.event.ServiceSubscribed;
import io.jacos.infrastructure.Settings;
import io.jacos.registry.RegistryReader;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.task.DelayTaskEngine;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Turns registry events into pushes. One merged delay task per service; when it runs it reads the service's
 * current view and sends it to each target subscriber through whichever {@link PushChannel} serves it.
 * Failures are retried a bounded number of times; a slow subscriber never holds up the others because sends
 * are asynchronous and gated by {@link InFlightPushes}.
 */
@ApplicationScoped
public class PushService {

    private static final Logger LOG = Logger.getLogger(PushService.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;
    @Inject
    RegistryReader registry;
    @Inject
    Settings settings;
    @Inject
    PushStats stats;
    @Inject
    @Any
    Instance<PushChannel> channels;

    private final InFlightPushes inFlight = new InFlightPushes();
    private final DelayTaskEngine<ServiceKey, PushTask> engine = new DelayTaskEngine<>(this::process);
    private List<PushChannel> channelList;
    private ScheduledFuture<?> ticking;

    @PostConstruct
    void start() {
        channelList = channels.stream().toList();
        ticking = engine.start(scheduler, settings.taskTickMillis());
    }

    /** Observing the application's start creates this bean, and its tick, on a deployment thread. */
    void startWithApplication(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        LOG.fine("Push engine started");
    }

    @PreDestroy
    void stop() {
        ticking.cancel(false);
    }

    void onServiceChanged(@Observes ServiceChanged event) {
        engine.add(event.service(), PushTask.toAllSubscribers(), settings.pushDelayMillis());
    }

    void onSubscribed(@Observes ServiceSubscribed event) {
        engine.add(event.service(), PushTask.to(event.client(), 0), settings.pushDelayMillis());
    }

    private void process(ServiceKey service, PushTask task) {
        ServiceView view = registry.view(service);
        if (task.toAll()) {
            registry.subscriptionsOf(service).forEach((client, subscription) -> pushTo(client, subscription, view, 0));
        } else {
            task.targets().forEach((client, attempt) -> registry.subscription(client, service)
                    .ifPresent(subscription -> pushTo(client, subscription, view, attempt)));
        }
    }

    private void pushTo(ClientId client, Subscription subscription, ServiceView view, int attempt) {
        ServiceKey service = view.key();
        if (!inFlight.begin(client, service)) {
            return;
        }
        Optional<CompletionStage<Void>> sent = send(client, view, subscription);
        if (sent.isEmpty()) {
            inFlight.end(client, service);
            return;
        }
        sent.get().whenComplete((ok, failure) -> {
            boolean dirty = inFlight.end(client, service);
            if (failure == null) {
                stats.succeeded();
                if (dirty) {
                    engine.add(service, PushTask.to(client, 0), 0);
                }
            } else {
                stats.failed();
                retry(client, service, attempt, failure);
            }
        });
    }

    private Optional<CompletionStage<Void>> send(ClientId client, ServiceView view, Subscription subscription) {
        for (PushChannel channel : channelList) {
            Optional<CompletionStage<Void>> sent = channel.push(client, view, subscription);
            if (sent.isPresent()) {
                return sent;
            }
        }
        return Optional.empty();
    }

    private void retry(ClientId client, ServiceKey service, int attempt, Throwable failure) {
        if (attempt < settings.pushMaxRetries() && registry.subscription(client, service).isPresent()) {
            engine.add(service, PushTask.to(client, attempt + 1), settings.pushRetryDelayMillis());
        } else {
            LOG.log(Level.FINE, "Push of {0} to {1} abandoned: {2}", new Object[]{service, client, failure});
        }
    }
}
