package io.jacos.transport.udp;

import io.jacos.testing.SteppedClock;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * A {@link UdpEndpoint} bound to 127.0.0.1 with a stepped clock, its receiver on a thread named
 * {@code test-receiver}, completions on one named {@code test-ack}, and fake subscribers to talk to it.
 */
final class LoopbackEndpoint implements AutoCloseable {

    static final long ACK_TIMEOUT = 10_000;
    /** The tokens this endpoint's pushes carry, in order, unless a test gives its own. */
    static final long FIRST_TOKEN = 5001;

    final SteppedClock clock = new SteppedClock(1_000_000);
    final UdpStats stats = new UdpStats();
    final UdpPackets packets = new UdpPackets();
    final UdpEndpoint endpoint;
    final Future<?> receiving;
    private final ExecutorService receiver = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-receiver"));
    private final ExecutorService completions = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-ack"));
    private final List<FakeSubscriber> subscribers = new ArrayList<>();

    LoopbackEndpoint(int maxRetransmits, int maxPending) throws IOException {
        this(maxRetransmits, maxPending, () -> true, null);
    }

    /** With {@code completeOn} null, completions run on the thread {@code test-ack}. */
    LoopbackEndpoint(int maxRetransmits, int maxPending, BooleanSupplier keepReceiving, Executor completeOn)
            throws IOException {
        this(maxRetransmits, maxPending, keepReceiving, completeOn, new AtomicLong(FIRST_TOKEN)::getAndIncrement);
    }

    LoopbackEndpoint(int maxRetransmits, int maxPending, BooleanSupplier keepReceiving, Executor completeOn,
                     LongSupplier tokens) throws IOException {
        endpoint = UdpEndpoint.open(new InetSocketAddress("127.0.0.1", 0), packets,
                new UdpEndpoint.Limits(ACK_TIMEOUT, maxRetransmits, maxPending),
                completeOn == null ? completions : completeOn, clock, stats, tokens);
        receiving = receiver.submit(() -> endpoint.receiveWhile(keepReceiving));
    }

    FakeSubscriber subscriber() throws IOException {
        FakeSubscriber subscriber = new FakeSubscriber();
        subscribers.add(subscriber);
        return subscriber;
    }

    /** Pushes a small packet with {@code revision} to the subscriber. */
    CompletableFuture<Long> push(FakeSubscriber to, long revision) {
        return endpoint.send(to.address(), revision, token -> packets.push("{\"name\":\"G@@orders\"}", token));
    }

    @Override
    public void close() {
        endpoint.close();
        subscribers.forEach(FakeSubscriber::close);
        receiver.shutdownNow();
        completions.shutdownNow();
    }
}
