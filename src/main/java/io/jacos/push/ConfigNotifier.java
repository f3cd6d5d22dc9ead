package io.jacos.push;

import io.jacos.config.ConfigListeners;
import io.jacos.model.ClientId;
import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
import io.jacos.task.DelayTaskEngine;

import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The delivery rule for configuration listeners, free of the container: a (connection, configuration) pair stays
 * marked until the connection acknowledged a notification sent after the configuration's last change, stopped
 * listening or went away. One notification per pair is on its way at a time; a change meanwhile marks the pair
 * again, and the ack sends the next. A failed or unanswered notification is retried with doubling backoff for as
 * long as the connection listens. Notifications name no content: the client reads the current one itself.
 * A change is told only to the listeners whose view of the configuration (its gray version for them, else the
 * formal one) now has another md5 than the one they hold; an acknowledged notification makes the md5 told theirs.
 */
final class ConfigNotifier {

    private static final Logger LOG = Logger.getLogger(ConfigNotifier.class.getName());

    private static final long NOT_TIMED = Long.MIN_VALUE;

    private record Pair(String connection, ConfigKey key) {
    }

    /** A notification on its way; {@code again} when a change came after it was sent. */
    private record OnTheWay(boolean again) {
    }

    private final ConfigListeners listeners;
    private final ConfigNotifyChannel channel;
    private final long retryDelayMillis;
    private final long retryMaxDelayMillis;
    private final Map<Pair, OnTheWay> onTheWay = new ConcurrentHashMap<>();
    /** When each configuration's change waiting to be notified was taken in: one entry per pending change. */
    private final Map<ConfigKey, Long> changedAt = new ConcurrentHashMap<>();
    private final DelayTaskEngine<ConfigKey, PushTask> engine;
    private final LongSupplier nanoTime;
    private final ConfigStats stats;
    private final BiFunction<ConfigKey, ConfigView, String> viewMd5;

    ConfigNotifier(ConfigListeners listeners, ConfigNotifyChannel channel, long retryDelayMillis,
                   long retryMaxDelayMillis, LongSupplier nanoTime, ConfigStats stats) {
        this(listeners, channel, retryDelayMillis, retryMaxDelayMillis, nanoTime, stats, (key, view) -> null);
    }

    /** {@code viewMd5}: the md5 of the version a client seen as the view is served now. */
    ConfigNotifier(ConfigListeners listeners, ConfigNotifyChannel channel, long retryDelayMillis,
                   long retryMaxDelayMillis, LongSupplier nanoTime, ConfigStats stats,
                   BiFunction<ConfigKey, ConfigView, String> viewMd5) {
        this.viewMd5 = viewMd5;
        this.listeners = listeners;
        this.stats = stats;
        this.channel = channel;
        this.retryDelayMillis = retryDelayMillis;
        this.retryMaxDelayMillis = retryMaxDelayMillis;
        this.nanoTime = nanoTime;
        this.engine = new DelayTaskEngine<>(this::process, nanoTime);
    }

    DelayTaskEngine<ConfigKey, PushTask> engine() {
        return engine;
    }

    void changed(ConfigKey key) {
        changedAt.putIfAbsent(key, nanoTime.getAsLong());
        engine.add(key, PushTask.toAllSubscribers(), 0);
    }

    /** Forgets the pairs of a connection that is gone; its listeners are dropped by {@link ConfigListeners}. */
    void gone(String connection) {
        onTheWay.keySet().removeIf(pair -> pair.connection().equals(connection));
    }

    int onTheWay() {
        return onTheWay.size();
    }

    private void process(ConfigKey key, PushTask task) {
        if (task.toAll()) {
            Long since = changedAt.remove(key);
            long changed = since == null ? NOT_TIMED : since;
            listeners.listenersOf(key).forEach((connection, tenant) -> {
                String now = viewMd5.apply(key, listeners.viewOf(connection));
                if (now == null || !now.equals(listeners.heldMd5(connection, key))) {
                    send(new Pair(connection, key), tenant, 0, changed);
                }
            });
        } else {
            task.targets().forEach((client, attempt) -> {
                String tenant = listeners.tenantOf(client.value(), key);
                if (tenant != null) {
                    send(new Pair(client.value(), key), tenant, attempt, NOT_TIMED);
                }
            });
        }
    }

    /**
     * {@code changedNanos}: when the change this notification tells of was taken in, for its latency; retries and
     * follow-ups are {@link #NOT_TIMED}, as their first notification's latency is the one that describes delivery.
     */
    private void send(Pair pair, String tenant, int attempt, long changedNanos) {
        boolean[] queued = {false};
        onTheWay.compute(pair, (p, current) -> {
            queued[0] = current != null;
            return new OnTheWay(current != null);
        });
        if (queued[0]) {
            return;
        }
        String told = viewMd5.apply(pair.key(), listeners.viewOf(pair.connection()));
        CompletionStage<Void> sent;
        try {
            sent = channel.notify(pair.connection(), pair.key(), tenant).orElse(null);
        } catch (RuntimeException e) {
            stats.notified(false, -1);
            failed(pair, attempt, e);
            return;
        }
        if (sent == null) {
            onTheWay.remove(pair);
            return;
        }
        sent.whenComplete((ok, failure) -> {
            stats.notified(failure == null, changedNanos == NOT_TIMED ? -1
                    : TimeUnit.NANOSECONDS.toMillis(nanoTime.getAsLong() - changedNanos));
            if (failure != null) {
                failed(pair, attempt, failure);
                return;
            }
            if (told != null) {
                listeners.told(pair.connection(), pair.key(), told);
            }
            if (onTheWay.computeIfPresent(pair, (p, current) -> current.again() ? current : null) != null) {
                // Changed while on its way: the ack frees the pair, and the next notification follows now.
                onTheWay.remove(pair);
                engine.add(pair.key(), PushTask.to(new ClientId(pair.connection()), 0), 0);
            }
        });
    }

    private void failed(Pair pair, int attempt, Throwable failure) {
        onTheWay.remove(pair);
        if (listeners.tenantOf(pair.connection(), pair.key()) == null) {
            return;
        }
        LOG.log(Level.FINE, "Config notification of {0} to {1} failed, retrying: {2}",
                new Object[]{pair.key(), pair.connection(), failure});
        long delay = Math.min(retryDelayMillis << Math.min(attempt, 20), Math.max(retryMaxDelayMillis,
                retryDelayMillis));
        engine.add(pair.key(), PushTask.to(new ClientId(pair.connection()), attempt + 1), delay);
    }
}
