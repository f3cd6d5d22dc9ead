package io.jacos.push;

import io.jacos.event.PushDelivered;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.task.DelayTaskEngine;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The delivery rules, free of the container so they can be tested with a stepped clock: a (subscriber,
 * service) pair stays marked until the subscriber acknowledged the service's current revision, unsubscribed
 * or disconnected.
 * <ul>
 *   <li>Changes merge into one delay task per service; a new subscription adds a targeted push. A new
 *       subscription's pushes wait until it settled ({@link Timing#settleMillis}).</li>
 *   <li>One push per pair is on its way ({@link PushLedger}), reading the view current when it is written, so
 *       the client, which applies pushes on several threads, gets them in order. A change that finds it on its
 *       way is not lost: the ack sends it; and an ack of a revision older than the current one pushes again.</li>
 *   <li>A push that fails, times out or throws is retried with doubling backoff for as long as the pair is
 *       subscribed; a later change merges into the waiting retry. There is no give-up while subscribed.</li>
 * </ul>
 */
final class PushDelivery {

    private static final Logger LOG = Logger.getLogger(PushDelivery.class.getName());

    /** The subscriptions as the registry holds them now. */
    interface Subscriptions {
        Map<ClientId, Subscription> of(ServiceKey service);

        Optional<Subscription> find(ClientId client, ServiceKey service);
    }

    /**
     * {@code settleMillis}: how long after a subscription its pushes wait. The real clients apply a subscribe answer
     * on the caller's thread and pushes on their own, without comparing the two: a push of a change made just after
     * the answer was read can be applied first, and the older answer after it, leaving the subscriber a view older
     * than it was shown until the next change.
     */
    record Timing(long delayMillis, long retryDelayMillis, long retryMaxDelayMillis, long settleMillis) {

        Timing(long delayMillis, long retryDelayMillis, long retryMaxDelayMillis) {
            this(delayMillis, retryDelayMillis, retryMaxDelayMillis, 0);
        }
    }

    private final Subscriptions subscriptions;
    private final Function<ServiceKey, ServiceView> views;
    private final List<PushChannel> channels;
    private final Timing timing;
    private final PushStats stats;
    private final PushLedger ledger = new PushLedger();
    private final DelayTaskEngine<ServiceKey, PushTask> engine;
    private final LongSupplier millis;
    private final Consumer<PushDelivered> delivered;
    // When each pair's pending first push was asked for; one entry per subscription awaiting it, dropped by the
    // ack or when the pair is found unsubscribed.
    private final Map<PushLedger.Pair, Long> subscribedAt = new ConcurrentHashMap<>();

    PushDelivery(Subscriptions subscriptions, Function<ServiceKey, ServiceView> views, List<PushChannel> channels,
                 Timing timing, PushStats stats, LongSupplier nanoTime) {
        this(subscriptions, views, channels, timing, stats, nanoTime, System::currentTimeMillis, d -> { });
    }

    /** {@code millis} must be the registry's clock, which stamps the views' change times. */
    PushDelivery(Subscriptions subscriptions, Function<ServiceKey, ServiceView> views, List<PushChannel> channels,
                 Timing timing, PushStats stats, LongSupplier nanoTime, LongSupplier millis,
                 Consumer<PushDelivered> delivered) {
        this.millis = millis;
        this.delivered = delivered;
        this.subscriptions = subscriptions;
        this.views = views;
        this.channels = List.copyOf(channels);
        this.timing = timing;
        this.stats = stats;
        this.engine = new DelayTaskEngine<>(this::process, nanoTime);
    }

    DelayTaskEngine<ServiceKey, PushTask> engine() {
        return engine;
    }

    PushLedger ledger() {
        return ledger;
    }

    void serviceChanged(ServiceKey service) {
        engine.add(service, PushTask.toAllSubscribers(), timing.delayMillis());
    }

    void subscribed(ClientId client, ServiceKey service) {
        subscribedAt.putIfAbsent(new PushLedger.Pair(client, service), millis.getAsLong());
        engine.add(service, PushTask.to(client, 0), timing.delayMillis());
    }

    /** Backoff before retry number {@code attempt + 1}: the retry delay, doubled per failure, capped. */
    long retryDelay(int attempt) {
        long delay = timing.retryDelayMillis() << Math.min(attempt, 20);
        return Math.min(delay, Math.max(timing.retryMaxDelayMillis(), timing.retryDelayMillis()));
    }

    private void process(ServiceKey service, PushTask task) {
        if (task.toAll()) {
            subscriptions.of(service).forEach((client, subscription) -> pushTo(client, service, subscription, 0));
        } else {
            task.targets().forEach((client, attempt) -> subscriptions.find(client, service).ifPresentOrElse(
                    subscription -> pushTo(client, service, subscription, attempt),
                    () -> subscribedAt.remove(new PushLedger.Pair(client, service))));
        }
    }

    private void pushTo(ClientId client, ServiceKey service, Subscription subscription, int attempt) {
        Long since = subscribedAt.get(new PushLedger.Pair(client, service));
        long settling = since == null ? 0 : since + timing.settleMillis() - millis.getAsLong();
        if (settling > 0) {
            engine.add(service, PushTask.to(client, attempt), settling);
            return;
        }
        if (!ledger.begin(client, service)) {
            return;
        }
        AtomicReference<ServiceView> pushed = new AtomicReference<>();
        for (PushChannel channel : channels) {
            Optional<CompletionStage<Long>> sent;
            try {
                sent = channel.push(client, subscription, () -> {
                    ServiceView view = views.apply(service);
                    pushed.set(view);
                    return view;
                });
            } catch (RuntimeException e) {
                ledger.end(client, service);
                failed(channel, client, service, attempt, e);
                return;
            }
            if (sent.isPresent()) {
                sent.get().whenComplete((revision, failure) -> completed(channel, client, service, attempt,
                        revision, failure, pushed.get()));
                return;
            }
        }
        ledger.end(client, service);
        subscribedAt.remove(new PushLedger.Pair(client, service));
    }

    private void completed(PushChannel channel, ClientId client, ServiceKey service, int attempt, Long revision,
                           Throwable failure, ServiceView pushed) {
        // Leave the ledger before looking at the current state: a change whose task found the pair full is
        // then seen here, and a later one finds room. A push still on its way reads a view at least as new as
        // any change that found room, so only a missed change or the last push needs a look at the revision.
        PushLedger.Ended ended = ledger.end(client, service);
        if (failure == null) {
            stats.succeeded(channel.name());
            reportDelivered(channel, client, service, pushed);
            if (ended.missed() || (ended.onTheWay() == 0 && views.apply(service).revision() != revision)) {
                engine.add(service, PushTask.to(client, 0), 0);
            }
        } else {
            failed(channel, client, service, attempt, failure);
        }
    }

    private void failed(PushChannel channel, ClientId client, ServiceKey service, int attempt, Throwable failure) {
        stats.failed(channel.name());
        if (subscriptions.find(client, service).isPresent()) {
            engine.add(service, PushTask.to(client, attempt + 1), retryDelay(attempt));
        } else {
            subscribedAt.remove(new PushLedger.Pair(client, service));
            LOG.log(Level.FINE, "Push of {0} to {1} dropped, no longer subscribed: {2}",
                    new Object[]{service, client, failure});
        }
    }

    private void reportDelivered(PushChannel channel, ClientId client, ServiceKey service, ServiceView pushed) {
        Long since = subscribedAt.remove(new PushLedger.Pair(client, service));
        long from = Math.max(since == null ? Long.MIN_VALUE : since, pushed == null ? Long.MIN_VALUE
                : pushed.changedAtMillis());
        long now = millis.getAsLong();
        long latency = from == Long.MIN_VALUE ? 0 : Math.max(0, now - from);
        try {
            delivered.accept(new PushDelivered(client, service, channel.name(), latency));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "A push observer failed", e);
        }
    }
}
