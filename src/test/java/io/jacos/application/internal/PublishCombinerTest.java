package io.jacos.application.internal;

import io.jacos.model.ChangeOrigin;
import io.jacos.model.ClientId;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.registry.PublishOrder;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PublishCombinerTest {

    private static final ServiceKey SVC = new ServiceKey("public", "G", "svc");

    private static PublishOrder order(String client) {
        ClientId id = new ClientId(client);
        return new PublishOrder(id, SVC, List.of(), ChangeOrigin.client(id));
    }

    /** Clients named "refused-*" are refused; every batch handed over is recorded. */
    private static final class FakeRegistry {
        final List<List<String>> batches = new CopyOnWriteArrayList<>();
        final Map<String, RuntimeException> refusals = new ConcurrentHashMap<>();

        List<RuntimeException> apply(List<PublishOrder> orders) {
            batches.add(orders.stream().map(o -> o.client().value()).toList());
            List<RuntimeException> outcomes = new ArrayList<>();
            for (PublishOrder order : orders) {
                String client = order.client().value();
                outcomes.add(client.startsWith("refused")
                        ? refusals.computeIfAbsent(client, c -> RegistryException.invalid("no " + c)) : null);
            }
            return outcomes;
        }
    }

    @Test
    void aCallerAloneMakesOneCallForItsOwnOrder() {
        FakeRegistry registry = new FakeRegistry();
        PublishCombiner combiner = new PublishCombiner(registry::apply);

        combiner.publish(order("a"));
        RegistryException refused = assertThrows(RegistryException.class, () -> combiner.publish(order("refused-b")));

        assertEquals(List.of(List.of("a"), List.of("refused-b")), registry.batches);
        assertSame(registry.refusals.get("refused-b"), refused);
    }

    @Test
    void ordersArrivingDuringACallGoInTheNextOneAndEachCallerHearsItsOwnOutcome() throws Exception {
        FakeRegistry registry = new FakeRegistry();
        CountDownLatch firstCallHeld = new CountDownLatch(1);
        CountDownLatch releaseFirstCall = new CountDownLatch(1);
        PublishCombiner combiner = new PublishCombiner(orders -> {
            if (firstCallHeld.getCount() > 0) {
                firstCallHeld.countDown();
                await(releaseFirstCall);
            }
            return registry.apply(orders);
        });
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            Future<?> first = callers.submit(() -> combiner.publish(order("first")));
            await(firstCallHeld);
            List<Future<?>> later = new ArrayList<>();
            for (String client : List.of("b", "refused-c", "d")) {
                later.add(callers.submit(() -> combiner.publish(order(client))));
            }
            Awaitility.await().atMost(10, TimeUnit.SECONDS).until(() -> combiner.queued() == 3);
            releaseFirstCall.countDown();

            first.get(10, TimeUnit.SECONDS);
            later.get(0).get(10, TimeUnit.SECONDS);
            Exception refused = assertThrows(Exception.class, () -> later.get(1).get(10, TimeUnit.SECONDS));
            assertSame(registry.refusals.get("refused-c"), refused.getCause());
            later.get(2).get(10, TimeUnit.SECONDS);
            assertEquals(2, registry.batches.size(), "one call for the first order, one for the three behind it");
            assertEquals(List.of("first"), registry.batches.get(0));
            assertEquals(3, registry.batches.get(1).size());
            assertTrue(registry.batches.get(1).containsAll(List.of("b", "refused-c", "d")));
        } finally {
            releaseFirstCall.countDown();
            callers.shutdownNow();
        }
    }

    @Test
    void aFailedCallReachesEveryCallerOfItsBatchAndTheNextCallWorks() {
        IllegalStateException broken = new IllegalStateException("container stopping");
        CompletableFuture<Void> failOnce = new CompletableFuture<>();
        PublishCombiner combiner = new PublishCombiner(orders -> {
            if (failOnce.complete(null)) {
                throw broken;
            }
            return new ArrayList<>(java.util.Collections.nCopies(orders.size(), null));
        });

        assertSame(broken, assertThrows(IllegalStateException.class, () -> combiner.publish(order("a"))));
        combiner.publish(order("b"));
        assertEquals(0, combiner.queued());
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(10, TimeUnit.SECONDS), "latch not released");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
