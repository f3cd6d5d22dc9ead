package io.jacos.push;

import io.jacos.config.ConfigIndex;
import io.jacos.config.ConfigListeners;
import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
import io.jacos.model.GrayRule;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigNotifierTest {

    private static final ConfigKey KEY = new ConfigKey("public", "DEFAULT_GROUP", "app.yaml");

    private record Sent(String connection, String tenant, CompletableFuture<Void> ack) {
    }

    private final List<Sent> sent = new ArrayList<>();
    private final ConfigNotifyChannel channel = new ConfigNotifyChannel() {
        @Override
        public Optional<CompletionStage<Void>> notify(String connection, ConfigKey key, String tenant) {
            if (connection.startsWith("gone")) {
                return Optional.empty();
            }
            CompletableFuture<Void> ack = new CompletableFuture<>();
            sent.add(new Sent(connection, tenant, ack));
            return Optional.of(ack);
        }
    };
    private final AtomicLong nanos = new AtomicLong();
    private final ConfigListeners listeners = new ConfigListeners();
    private final ConfigStats stats = new ConfigStats();
    private final ConfigNotifier notifier = new ConfigNotifier(listeners, channel, 100, 1_000, nanos::get, stats);

    private void run() {
        notifier.engine().runDue();
    }

    private void advance(long millis) {
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    @Test
    void aChangeTellsEveryListenerInItsOwnSpellingOfTheNamespace() {
        listeners.listen("c2", Map.of(KEY, ""));
        listeners.listen("c3", Map.of(KEY, "public"));
        notifier.changed(KEY);
        run();
        assertEquals(Map.of("c2", "", "c3", "public"), Map.of(sent.get(0).connection(), sent.get(0).tenant(),
                sent.get(1).connection(), sent.get(1).tenant()));
        sent.forEach(s -> s.ack().complete(null));
        assertEquals(0, notifier.onTheWay());
        assertEquals(2, stats.notificationsAcked());
        assertEquals(2, listeners.pairs());
    }

    @Test
    void theLatencyOfAChangeIsTimedFromItsTakingInToTheFirstNotificationsAck() {
        List<Long> latencies = new CopyOnWriteArrayList<>();
        stats.recordLatencyWith(latencies::add);
        listeners.listen("c", Map.of(KEY, ""));
        notifier.changed(KEY);
        advance(15);
        notifier.changed(KEY);
        advance(25);
        run();
        sent.get(0).ack().complete(null);
        assertEquals(List.of(40L), latencies, "from the first change waiting, merged with the second");

        notifier.changed(KEY);
        run();
        sent.get(1).ack().completeExceptionally(new IllegalStateException("timed out"));
        advance(100);
        run();
        sent.get(2).ack().complete(null);
        assertEquals(List.of(40L), latencies, "a retry is not timed: the first notification of the change failed");
    }

    @Test
    void aChangeWhileOneIsOnItsWayIsSentAfterTheAck() {
        listeners.listen("c", Map.of(KEY, ""));
        notifier.changed(KEY);
        run();
        notifier.changed(KEY);
        run();
        assertEquals(1, sent.size(), "one on its way at a time");
        sent.get(0).ack().complete(null);
        run();
        assertEquals(2, sent.size(), "the ack sends the change that came meanwhile");
        sent.get(1).ack().complete(null);
        run();
        assertEquals(2, sent.size());
        assertEquals(0, notifier.onTheWay());
    }

    @Test
    void aFailedNotificationIsRetriedWhileTheConnectionListens() {
        listeners.listen("c", Map.of(KEY, ""));
        notifier.changed(KEY);
        run();
        sent.get(0).ack().completeExceptionally(new IllegalStateException("timed out"));
        run();
        assertEquals(1, sent.size(), "not before the backoff");
        advance(100);
        run();
        assertEquals(2, sent.size());
        sent.get(1).ack().completeExceptionally(new IllegalStateException("timed out"));
        listeners.unlisten("c", KEY);
        advance(10_000);
        run();
        assertEquals(2, sent.size(), "no retry for a connection that stopped listening");
        assertEquals(0, notifier.onTheWay());
        assertEquals(2, stats.notificationsFailed());
        assertEquals(0, stats.notificationsAcked());
    }

    @Test
    void aConnectionTheChannelDoesNotKnowHoldsNothing() {
        listeners.listen("gone-1", Map.of(KEY, ""));
        notifier.changed(KEY);
        run();
        assertTrue(sent.isEmpty());
        assertEquals(0, notifier.onTheWay());
    }

    @Test
    void aGrayChangeIsToldOnlyToTheListenersWhoseViewChanged() {
        ConfigIndex index = new ConfigIndex();
        index.apply(KEY, "formal", 1);
        ConfigNotifier viewing = new ConfigNotifier(listeners, channel, 100, 1_000, nanos::get, stats, index::md5);
        listeners.listen("beta", new ConfigView("10.0.0.1", null),
                Map.of(KEY, new ConfigListeners.Listening("", "formal")));
        listeners.listen("other", new ConfigView("10.0.0.2", null),
                Map.of(KEY, new ConfigListeners.Listening("", "formal")));

        index.applyGrays(KEY, List.of(new ConfigIndex.GrayVersion(GrayRule.beta("10.0.0.1"), "beta")), 2);
        viewing.changed(KEY);
        viewing.engine().runDue();
        assertEquals(List.of("beta"), sent.stream().map(Sent::connection).toList(), "only the beta's client");
        sent.get(0).ack().complete(null);
        assertEquals("beta", listeners.heldMd5("beta", KEY), "acknowledged: it holds the beta now");

        sent.clear();
        index.apply(KEY, "formal2", 3);
        viewing.changed(KEY);
        viewing.engine().runDue();
        assertEquals(List.of("other"), sent.stream().map(Sent::connection).toList(),
                "a formal change is not told to the client the beta still serves");
        sent.get(0).ack().complete(null);

        sent.clear();
        index.applyGrays(KEY, List.of(), 4);
        viewing.changed(KEY);
        viewing.engine().runDue();
        assertEquals(List.of("beta"), sent.stream().map(Sent::connection).toList(), "stopped: back to the formal");
    }
}
