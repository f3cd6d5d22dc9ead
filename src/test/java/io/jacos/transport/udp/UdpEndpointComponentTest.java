package io.jacos.transport.udp;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The push socket on loopback: acks matched by address, port and token; anything else ignored; closing. */
class UdpEndpointComponentTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    private LoopbackEndpoint server;

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void theAckCompletesThePushWithItsRevisionOnTheCompletionExecutor() throws Exception {
        server = new LoopbackEndpoint(1, 100);
        FakeSubscriber subscriber = server.subscriber();
        CompletableFuture<Long> acked = server.push(subscriber, 7);
        AtomicReference<String> completedOn = new AtomicReference<>();
        acked.whenComplete((revision, failure) -> completedOn.set(Thread.currentThread().getName()));

        FakeSubscriber.Datagram push = subscriber.receive();
        assertEquals(server.endpoint.localAddress(), push.from(), "sent from the socket that takes the acks");
        assertEquals(LoopbackEndpoint.FIRST_TOKEN, push.token());
        subscriber.ack(push);

        await().atMost(WAIT).until(() -> completedOn.get() != null);
        assertEquals(7L, acked.get());
        assertEquals("test-ack", completedOn.get(), "never completed on the receiving thread");
        assertEquals(0, server.endpoint.pendingCount());
        assertEquals(List.of(1L, 1L, 0L), List.of(server.stats.sentCount(), server.stats.acksReceivedCount(),
                server.stats.acksUnmatchedCount()));
    }

    @Test
    void aPushCarriesTheTokenItsSourceGivesAndOnlyThatTokenAcksIt() throws Exception {
        long[] tokens = {7_301_552_690_114_875_213L, 88_213_004_517L};
        int[] next = {0};
        server = new LoopbackEndpoint(1, 100, () -> true, null, () -> tokens[next[0]++]);
        FakeSubscriber subscriber = server.subscriber();
        CompletableFuture<Long> first = server.push(subscriber, 7);
        CompletableFuture<Long> second = server.push(subscriber, 8);
        FakeSubscriber.Datagram firstPush = subscriber.receive();
        FakeSubscriber.Datagram secondPush = subscriber.receive();
        assertEquals(tokens[0], firstPush.token());
        assertEquals(tokens[1], secondPush.token());

        // What a guess from the first push's token would send: the number after it.
        subscriber.send("{\"type\":\"push-ack\",\"lastRefTime\":\"" + (tokens[0] + 1) + "\"}", firstPush.from());
        await().atMost(WAIT).until(() -> server.stats.acksUnmatchedCount() == 1);
        assertFalse(first.isDone() || second.isDone());

        subscriber.ack(secondPush);
        await().atMost(WAIT).until(second::isDone);
        assertEquals(8L, second.get());
        assertFalse(first.isDone());
    }

    @Test
    void anAckFromAnotherPortCompletesNothing() throws Exception {
        server = new LoopbackEndpoint(1, 100);
        FakeSubscriber subscriber = server.subscriber();
        FakeSubscriber impostor = server.subscriber();
        CompletableFuture<Long> acked = server.push(subscriber, 7);
        FakeSubscriber.Datagram push = subscriber.receive();

        impostor.ack(push);
        await().atMost(WAIT).until(() -> server.stats.acksUnmatchedCount() == 1);
        assertFalse(acked.isDone());
        assertEquals(1, server.endpoint.pendingCount());

        subscriber.ack(push);
        await().atMost(WAIT).until(acked::isDone);
        assertEquals(7L, acked.get());
    }

    @Test
    void malformedAndOtherDatagramsAreIgnoredAndReceivingGoesOn() throws Exception {
        server = new LoopbackEndpoint(1, 100);
        FakeSubscriber subscriber = server.subscriber();
        CompletableFuture<Long> acked = server.push(subscriber, 7);
        FakeSubscriber.Datagram push = subscriber.receive();
        InetSocketAddress to = push.from();

        subscriber.send("not json", to);
        subscriber.send(new byte[0], to);
        subscriber.send(new byte[]{0x1f, (byte) 0x8b, 0, 1, 2}, to);
        subscriber.send("{\"type\":\"push-ack\",\"lastRefTime\":\"later\"}", to);
        subscriber.send("{\"type\":\"dump-ack\",\"lastRefTime\":\"" + push.token() + "\",\"data\":\"{}\"}", to);
        subscriber.send("{\"type\":\"unknown-ack\",\"lastRefTime\":\"" + push.token() + "\",\"data\":\"\"}", to);
        await().atMost(WAIT).until(() -> server.stats.ignoredCount() == 6);
        assertFalse(acked.isDone());

        subscriber.ack(push);
        await().atMost(WAIT).until(acked::isDone);
        assertEquals(7L, acked.get());
    }

    @Test
    void closingFailsWaitingAndLaterPushesAndEndsTheReceiver() throws Exception {
        server = new LoopbackEndpoint(1, 100);
        CompletableFuture<Long> acked = server.push(server.subscriber(), 7);

        server.endpoint.close();
        ExecutionException failure = assertThrows(ExecutionException.class, acked::get);
        assertInstanceOf(IllegalStateException.class, failure.getCause());
        await().atMost(WAIT).until(server.receiving::isDone);

        CompletableFuture<Long> late = server.push(server.subscriber(), 8);
        assertInstanceOf(IOException.class, assertThrows(ExecutionException.class, late::get).getCause());
        assertEquals(List.of(1L, 1L, 0), List.of(server.stats.sentCount(), server.stats.refusedCount(),
                server.endpoint.pendingCount()));
    }

    @Test
    void theReceiverReturnsSoonAfterItIsToldToStopEvenWithNoTraffic() throws IOException {
        AtomicBoolean keepReceiving = new AtomicBoolean(true);
        server = new LoopbackEndpoint(1, 100, keepReceiving::get, null);
        assertFalse(server.receiving.isDone());

        keepReceiving.set(false);
        await().atMost(Duration.ofMillis(AckReceiver.POLL_MILLIS * 10L)).until(server.receiving::isDone);
    }

    @Test
    void anAckThatFindsNoThreadToCompleteItStaysPendingUntilTheRetransmitIsAcked() throws Exception {
        AtomicBoolean completionsFull = new AtomicBoolean(true);
        ExecutorService completions = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-late-ack"));
        Executor saturable = task -> {
            if (completionsFull.get()) {
                throw new RejectedExecutionException("full");
            }
            completions.execute(task);
        };
        server = new LoopbackEndpoint(1, 100, () -> true, saturable);
        try {
            FakeSubscriber subscriber = server.subscriber();
            CompletableFuture<Long> acked = server.push(subscriber, 7);
            FakeSubscriber.Datagram push = subscriber.receive();
            subscriber.ack(push);
            // The receiver handles datagrams one by one: once this marker is counted, the ack has been dealt with.
            subscriber.send("marker", push.from());
            await().atMost(WAIT).until(() -> server.stats.ignoredCount() == 1);
            assertEquals(1, server.stats.acksReceivedCount());
            assertFalse(acked.isDone(), "not completed on the receiving thread");
            assertEquals(1, server.endpoint.pendingCount());

            completionsFull.set(false);
            server.clock.advance(LoopbackEndpoint.ACK_TIMEOUT);
            server.endpoint.sweep();
            subscriber.ack(subscriber.receive());
            await().atMost(WAIT).until(acked::isDone);
            assertEquals(7L, acked.get());
        } finally {
            completions.shutdownNow();
        }
    }
}
