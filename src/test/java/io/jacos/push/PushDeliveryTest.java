package io.jacos.push;

import io.jacos.event.PushDelivered;
import io.jacos.model.ClientId;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The delivery rules, driven by a stepped clock and a channel whose acks the test decides. */
class PushDeliveryTest {

    private static final ServiceKey S = new ServiceKey("public", "G", "s");
    private static final ClientId A = new ClientId("a");
    private static final ClientId B = new ClientId("b");
    private static final long DELAY = 20;
    private static final long RETRY = 1000;
    private static final long RETRY_MAX = 4000;

    /** One push the channel took: who, the view it read when written, and the ack the test completes. */
    private record Sent(ClientId client, ServiceView view, CompletableFuture<Long> ack) {
        void acknowledge() {
            ack.complete(view.revision());
        }

        void fail() {
            ack.completeExceptionally(new TimeoutException("no ack"));
        }
    }

    private final Map<ServiceKey, Map<ClientId, Subscription>> subscribed = new HashMap<>();
    private final Map<ServiceKey, ServiceView> views = new HashMap<>();
    private final List<Sent> sent = new ArrayList<>();
    private final List<ClientId> throwingFor = new ArrayList<>();
    private final List<PushDelivered> delivered = new ArrayList<>();
    private long nanos;
    private long revision;

    private final PushChannel channel = new PushChannel() {
        @Override
        public String name() {
            return "test";
        }

        @Override
        public Optional<CompletionStage<Long>> push(ClientId subscriber, Subscription subscription,
                                                    Supplier<ServiceView> currentView) {
            if (throwingFor.contains(subscriber)) {
                throw new IllegalStateException("broken send");
            }
            CompletableFuture<Long> ack = new CompletableFuture<>();
            sent.add(new Sent(subscriber, currentView.get(), ack));
            return Optional.of(ack);
        }
    };

    private final PushDelivery delivery = deliveryWith(new PushDelivery.Timing(DELAY, RETRY, RETRY_MAX));

    private PushDelivery deliveryWith(PushDelivery.Timing timing) {
        return new PushDelivery(new PushDelivery.Subscriptions() {
        @Override
        public Map<ClientId, Subscription> of(ServiceKey service) {
            return Map.copyOf(subscribed.getOrDefault(service, Map.of()));
        }

        @Override
        public Optional<Subscription> find(ClientId client, ServiceKey service) {
            return Optional.ofNullable(subscribed.getOrDefault(service, Map.of()).get(client));
        }
    }, service -> views.getOrDefault(service, ServiceView.empty(service, 1)), List.of(channel),
            timing, new PushStats(), () -> nanos, () -> TimeUnit.NANOSECONDS.toMillis(nanos), delivered::add);
    }

    private void subscribe(ClientId client) {
        subscribed.computeIfAbsent(S, k -> new HashMap<>()).put(client, new Subscription(S, ""));
    }

    private void change() {
        revision++;
        views.put(S, new ServiceView(S, revision, revision, true, io.jacos.model.ServiceMeta.DEFAULT, List.of()));
        delivery.serviceChanged(S);
    }

    private void advance(long millis) {
        nanos += TimeUnit.MILLISECONDS.toNanos(millis);
        delivery.engine().runDue();
    }

    private List<Sent> sentTo(ClientId client) {
        return sent.stream().filter(s -> s.client().equals(client)).toList();
    }

    private void changeNow() {
        revision++;
        views.put(S, new ServiceView(S, revision, TimeUnit.NANOSECONDS.toMillis(nanos), true,
                io.jacos.model.ServiceMeta.DEFAULT, List.of()));
        delivery.serviceChanged(S);
    }

    @Test
    void anAcknowledgedPushReportsItsLatencyFromTheChangeItCarries() {
        advance(10_000);
        subscribe(A);
        changeNow();
        advance(DELAY);
        advance(35);
        assertTrue(delivered.isEmpty(), "nothing reported before the ack");
        sentTo(A).get(0).acknowledge();
        assertEquals(1, delivered.size());
        assertEquals(DELAY + 35, delivered.get(0).latencyMillis());
        assertEquals(A, delivered.get(0).client());
        assertEquals("test", delivered.get(0).channel());
    }

    @Test
    void aNewSubscribersFirstPushOfAnOldViewCountsFromTheSubscription() {
        changeNow();
        advance(60_000);
        subscribe(A);
        delivery.subscribed(A, S);
        advance(DELAY);
        sentTo(A).get(0).acknowledge();
        assertEquals(DELAY, delivered.get(0).latencyMillis(), "from the subscription, not the old change");

        changeNow();
        advance(DELAY);
        sentTo(A).get(1).acknowledge();
        assertEquals(DELAY, delivered.get(1).latencyMillis(), "later pushes count from their change again");
    }

    @Test
    void aFailedPushReportsNoDeliveryAndItsRetryCountsFromTheChange() {
        subscribe(A);
        changeNow();
        advance(DELAY);
        sentTo(A).get(0).fail();
        assertTrue(delivered.isEmpty());
        advance(RETRY);
        sentTo(A).get(1).acknowledge();
        assertEquals(DELAY + RETRY, delivered.get(0).latencyMillis());
    }

    @Test
    void aChangeIsPushedToEverySubscriberAfterTheDelay() {
        subscribe(A);
        subscribe(B);
        change();
        advance(DELAY - 1);
        assertTrue(sent.isEmpty());
        advance(1);
        assertEquals(1, sentTo(A).size());
        assertEquals(1, sentTo(B).size());
        assertEquals(1, sentTo(A).get(0).view().revision());
    }

    @Test
    void aChangeDuringAnAckRoundTripWaitsForTheAckSoTheClientAppliesThemInOrder() {
        subscribe(A);
        change();
        advance(DELAY);
        change();
        advance(DELAY);
        assertEquals(1, sentTo(A).size(), "the second push waits for the first one's ack");

        sentTo(A).get(0).acknowledge();
        advance(0);
        assertEquals(2, sentTo(A).size(), "the ack sends the change it held back");
        assertEquals(2, sentTo(A).get(1).view().revision());
        sentTo(A).get(1).acknowledge();
        advance(RETRY_MAX);
        assertEquals(2, sentTo(A).size(), "acknowledged the current revision: nothing more to send");
        assertEquals(0, delivery.ledger().size());
    }

    @Test
    void onePushPerPairIsOnItsWayAndTheChangesMissedMeanwhileGoWithTheAckAsOne() {
        subscribe(A);
        change();
        advance(DELAY);
        change();
        advance(DELAY);
        change();
        change();
        advance(DELAY);
        assertEquals(1, sentTo(A).size(), "no second push while one awaits its ack");

        sentTo(A).get(0).acknowledge();
        advance(0);
        assertEquals(2, sentTo(A).size(), "the ack sends the missed changes");
        assertEquals(4, sentTo(A).get(1).view().revision(), "only the newest view is sent");

        sentTo(A).get(1).acknowledge();
        advance(RETRY_MAX);
        assertEquals(2, sentTo(A).size(), "acknowledged the current revision: nothing more to send");
        assertEquals(0, delivery.ledger().size());
    }

    @Test
    void theLastAckOfAnOlderRevisionBringsTheCurrentViewWithoutWaitingForTheDelay() {
        subscribe(A);
        change();
        advance(DELAY);
        change();
        sentTo(A).get(0).acknowledge();
        advance(0);
        assertEquals(2, sentTo(A).size(), "the ack found a newer revision: pushed on the next tick");
        assertEquals(2, sentTo(A).get(1).view().revision());
        sentTo(A).get(1).acknowledge();
        advance(RETRY_MAX);
        assertEquals(2, sentTo(A).size(), "the change's own task found nothing more to send");
    }

    @Test
    void aSubscriberThatNeverAnswersHoldsOnePushWhateverTheChanges() {
        subscribe(A);
        for (int i = 0; i < 50; i++) {
            change();
            advance(DELAY);
        }
        assertEquals(PushLedger.MAX_ON_THE_WAY, sentTo(A).size());
        assertEquals(PushLedger.MAX_ON_THE_WAY, delivery.ledger().onTheWay(A, S));

        sentTo(A).get(0).acknowledge();
        advance(0);
        assertEquals(2, sentTo(A).size(), "the changes missed meanwhile go out in one push");
        assertEquals(50, sentTo(A).get(1).view().revision());
    }

    @Test
    void aFailedPushIsRetriedWithDoublingBackoffForAsLongAsTheSubscriberStays() {
        subscribe(A);
        change();
        advance(DELAY);
        long[] expectedDelays = {RETRY, 2 * RETRY, 4 * RETRY, RETRY_MAX, RETRY_MAX, RETRY_MAX};
        for (int attempt = 0; attempt < expectedDelays.length; attempt++) {
            sentTo(A).get(attempt).fail();
            advance(expectedDelays[attempt] - 1);
            assertEquals(attempt + 1, sentTo(A).size(), "not before the backoff of attempt " + attempt);
            advance(1);
            assertEquals(attempt + 2, sentTo(A).size(), "retried after " + expectedDelays[attempt] + " ms");
        }
        sentTo(A).get(expectedDelays.length).acknowledge();
        advance(RETRY_MAX * 2);
        assertEquals(expectedDelays.length + 1, sentTo(A).size());
        assertEquals(0, delivery.ledger().size());
    }

    @Test
    void aChangeDuringTheBackoffMergesIntoTheRetryAndCarriesTheNewestView() {
        subscribe(A);
        change();
        advance(DELAY);
        sentTo(A).get(0).fail();
        change();
        change();
        advance(DELAY);
        assertEquals(2, sentTo(A).size(), "one push for the retry and both changes");
        assertEquals(3, sentTo(A).get(1).view().revision());
        advance(RETRY_MAX);
        assertEquals(2, sentTo(A).size());
    }

    @Test
    void theRetryIsGivenUpWhenTheSubscriberUnsubscribesOrDisconnects() {
        subscribe(A);
        subscribe(B);
        change();
        advance(DELAY);
        subscribed.get(S).remove(A);
        subscribed.get(S).remove(B);
        sentTo(A).get(0).fail();
        sentTo(B).get(0).acknowledge();
        advance(RETRY_MAX * 4);
        assertEquals(1, sentTo(A).size());
        assertEquals(0, delivery.ledger().size(), "nothing stays in flight");
        assertEquals(0, delivery.engine().pendingCount(), "and nothing stays scheduled");
    }

    @Test
    void anExceptionInOneSendEndsThatSendOnlyAndIsRetried() {
        subscribe(A);
        subscribe(B);
        throwingFor.add(A);
        change();
        advance(DELAY);
        assertEquals(1, sentTo(B).size(), "the other subscriber is still served");
        assertFalse(delivery.ledger().isInFlight(A, S), "the failed pair is not left in flight");

        throwingFor.clear();
        advance(RETRY);
        assertEquals(1, sentTo(A).size(), "the failed send is retried");
    }

    @Test
    void aNewSubscriptionsPushesWaitUntilItSettledAndThenCarryTheNewestView() {
        long settle = 500;
        PushDelivery settling = deliveryWith(new PushDelivery.Timing(DELAY, RETRY, RETRY_MAX, settle));
        changeNow();
        subscribe(A);
        subscribe(B);
        settling.subscribed(A, S);
        nanos += TimeUnit.MILLISECONDS.toNanos(DELAY + 100);
        revision++;
        views.put(S, new ServiceView(S, revision, revision, true, io.jacos.model.ServiceMeta.DEFAULT, List.of()));
        settling.serviceChanged(S);
        nanos += TimeUnit.MILLISECONDS.toNanos(DELAY);
        settling.engine().runDue();
        assertEquals(List.of(), sentTo(A), "pushed before the subscription settled");
        assertEquals(1, sentTo(B).size(), "a settled subscriber waits for no one");

        nanos += TimeUnit.MILLISECONDS.toNanos(settle - 2 * DELAY - 100);
        settling.engine().runDue();
        assertEquals(1, sentTo(A).size());
        assertEquals(revision, sentTo(A).get(0).view().revision());
    }

    @Test
    void aNewSubscriberGetsATargetedPushOnly() {
        subscribe(A);
        change();
        advance(DELAY);
        sentTo(A).get(0).acknowledge();
        subscribe(B);
        delivery.subscribed(B, S);
        advance(DELAY);
        assertEquals(1, sentTo(A).size());
        assertEquals(1, sentTo(B).size());
    }

    @Test
    void retryDelaysDoubleFromTheRetryDelayUpToTheCap() {
        assertEquals(RETRY, delivery.retryDelay(0));
        assertEquals(2 * RETRY, delivery.retryDelay(1));
        assertEquals(RETRY_MAX, delivery.retryDelay(2));
        assertEquals(RETRY_MAX, delivery.retryDelay(1000));
    }
}
