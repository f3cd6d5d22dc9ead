package io.jacos.transport.udp;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;

import static io.jacos.transport.udp.LoopbackEndpoint.ACK_TIMEOUT;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Unacknowledged pushes: sent again after the ack timeout a fixed number of times, then failed; bounded. */
class UdpRetransmitComponentTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    private LoopbackEndpoint server;

    @AfterEach
    void close() {
        server.close();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3})
    void withoutAnAckThePushIsSentAgainMaxRetransmitsTimesThenTimesOut(int maxRetransmits) throws Exception {
        server = new LoopbackEndpoint(maxRetransmits, 100);
        FakeSubscriber subscriber = server.subscriber();
        CompletableFuture<Long> acked = server.push(subscriber, 7);
        FakeSubscriber.Datagram first = subscriber.receive();

        for (int resend = 1; resend <= maxRetransmits; resend++) {
            server.clock.advance(ACK_TIMEOUT - 1);
            server.endpoint.sweep();
            assertEquals(resend - 1, server.stats.retransmittedCount(), "not before the ack timeout");
            server.clock.advance(1);
            server.endpoint.sweep();
            assertEquals(resend, server.stats.retransmittedCount());
            assertArrayEquals(first.bytes(), subscriber.receive().bytes(), "the same packet, same token");
        }
        assertFalse(acked.isDone());

        server.clock.advance(ACK_TIMEOUT);
        server.endpoint.sweep();
        await().atMost(WAIT).until(acked::isDone);
        ExecutionException failure = assertThrows(ExecutionException.class, acked::get);
        assertInstanceOf(TimeoutException.class, failure.getCause());
        assertEquals(maxRetransmits, server.stats.retransmittedCount(), "no send after giving up");
        assertEquals(List.of(1L, 1L, 0), List.of(server.stats.sentCount(), server.stats.timedOutCount(),
                server.endpoint.pendingCount()));

        subscriber.ack(first);
        await().atMost(WAIT).until(() -> server.stats.acksUnmatchedCount() == 1);
    }

    @Test
    void anAckToTheRetransmitCompletesThePush() throws Exception {
        server = new LoopbackEndpoint(1, 100);
        FakeSubscriber subscriber = server.subscriber();
        CompletableFuture<Long> acked = server.push(subscriber, 7);
        subscriber.receive();
        server.clock.advance(ACK_TIMEOUT);
        server.endpoint.sweep();

        subscriber.ack(subscriber.receive());
        await().atMost(WAIT).until(acked::isDone);
        assertEquals(7L, acked.get());
    }

    @Test
    void beyondTheCapANewPushFailsAtOnceAndIsNotSent() throws Exception {
        server = new LoopbackEndpoint(1, 2);
        FakeSubscriber subscriber = server.subscriber();
        server.push(subscriber, 1);
        server.push(subscriber, 2);
        CompletableFuture<Long> third = server.push(subscriber, 3);

        ExecutionException failure = assertThrows(ExecutionException.class, third::get);
        assertInstanceOf(RejectedExecutionException.class, failure.getCause());
        assertEquals(List.of(2L, 1L, 2), List.of(server.stats.sentCount(), server.stats.refusedCount(),
                server.endpoint.pendingCount()));
    }

    @Test
    void aPacketThatCannotBeBuiltFailsThePushAndLeavesNothingPending() throws Exception {
        server = new LoopbackEndpoint(1, 100);
        FakeSubscriber subscriber = server.subscriber();
        CompletableFuture<Long> acked = server.endpoint.send(subscriber.address(), 1, token -> {
            throw new UdpPackets.PacketTooLarge(100_000);
        });

        ExecutionException failure = assertThrows(ExecutionException.class, acked::get);
        assertInstanceOf(UdpPackets.PacketTooLarge.class, failure.getCause());
        assertEquals(List.of(0L, 1L, 0), List.of(server.stats.sentCount(), server.stats.refusedCount(),
                server.endpoint.pendingCount()));
    }
}
