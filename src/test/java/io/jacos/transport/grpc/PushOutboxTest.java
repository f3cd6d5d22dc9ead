package io.jacos.transport.grpc;

import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.transport.grpc.proto.Metadata;
import io.jacos.transport.grpc.proto.Payload;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-connection outbox: bounded, newest view wins, flow control waits, acks carry the revision. */
class PushOutboxTest {

    private static final long ACK_TIMEOUT = 5000;
    private static final ServiceKey S1 = new ServiceKey("public", "G", "s1");
    private static final ServiceKey S2 = new ServiceKey("public", "G", "s2");

    private final AtomicLong now = new AtomicLong(1_000);
    private final FakeStream stream = new FakeStream();
    private final GrpcConnection connection = new GrpcConnection(
            new ConnectionMeta("c1", "127.0.0.1", 40000, 9848), "127.0.0.1", "test", Map.of(), stream, now.get());
    /** Work handed to the push workers, run when the test says so. */
    private final List<Runnable> workerQueue = new ArrayList<>();
    private final Executor workers = workerQueue::add;
    private final PushOutbox outbox = new PushOutbox(connection,
            answer -> answer.resultCode() == ResponseBody.OK, workers, now::get, ACK_TIMEOUT);
    private final java.util.Map<ServiceKey, ServiceView> current = new java.util.HashMap<>();

    {
        connection.attach(outbox);
    }

    private void runWorkers() {
        while (!workerQueue.isEmpty()) {
            workerQueue.remove(0).run();
        }
    }

    private void setView(ServiceKey service, long revision) {
        current.put(service, new ServiceView(service, revision, revision, true, io.jacos.model.ServiceMeta.DEFAULT, List.of()));
    }

    private CompletableFuture<Long> offer(ServiceKey service) {
        return outbox.offer(new Subscription(service, ""), () -> current.get(service),
                (view, readMark, subscription, requestId) -> Payload.newBuilder()
                        .setMetadata(Metadata.newBuilder().setType("Notify")
                                .putHeaders("requestId", requestId)
                                .putHeaders("service", view.key().name())
                                .putHeaders("revision", Long.toString(view.revision())))
                        .build());
    }

    private static String header(Payload payload, String name) {
        return payload.getMetadata().getHeadersOrThrow(name);
    }

    private void answer(Payload request, String type) {
        String requestId = header(request, "requestId");
        connection.answered("Ok".equals(type) ? new ResponseBody(ResponseBody.OK, 0, null, requestId, true)
                : new ResponseBody(ResponseBody.FAIL, 0, type, requestId, false));
    }

    @Test
    void aPushIsWrittenByAWorkerAndItsAckCarriesTheRevisionWritten() throws Exception {
        setView(S1, 7);
        CompletableFuture<Long> acked = offer(S1);
        assertTrue(stream.written.isEmpty(), "the caller never writes; a worker does");
        runWorkers();
        assertEquals(1, stream.written.size());
        setView(S1, 8);
        answer(stream.written.get(0), "Ok");
        assertEquals(7L, acked.get(), "the revision that was written, not the one current at the ack");
    }

    @Test
    void whileTheStreamIsNotReadyPushesWaitAndTheNewestViewIsSentOnce() throws Exception {
        stream.ready = false;
        setView(S1, 1);
        CompletableFuture<Long> first = offer(S1);
        setView(S2, 2);
        offer(S2);
        runWorkers();
        assertTrue(stream.written.isEmpty(), "not ready is not failure: nothing written, nothing failed");
        assertFalse(first.isDone());
        assertEquals(now.get(), outbox.blockedSinceMillis());

        setView(S1, 3);
        CompletableFuture<Long> second = offer(S1);
        assertEquals(2, outbox.size(), "one entry per service, however many pushes");

        stream.ready = true;
        outbox.requestDrain();
        runWorkers();
        assertEquals(List.of("s1", "s2"), stream.written.stream().map(p -> header(p, "service")).toList());
        assertEquals("3", header(stream.written.get(0), "revision"), "the newest view, read when written");
        assertEquals(-1, outbox.blockedSinceMillis());
        answer(stream.written.get(0), "Ok");
        assertEquals(3L, first.get());
        assertEquals(3L, second.get(), "both pushes of s1 are answered by the one write");
    }

    @Test
    void aTurnWritesABoundedNumberAndYieldsTheWorker() {
        for (int i = 0; i < PushOutbox.WRITES_PER_TURN + 5; i++) {
            ServiceKey service = new ServiceKey("public", "G", "s" + i);
            setView(service, i + 1);
            offer(service);
        }
        workerQueue.remove(0).run();
        assertEquals(PushOutbox.WRITES_PER_TURN, stream.written.size());
        assertEquals(1, workerQueue.size(), "the rest is a new turn, behind other connections' turns");
        runWorkers();
        assertEquals(PushOutbox.WRITES_PER_TURN + 5, stream.written.size());
    }

    @Test
    void aRefusalATimeoutAndAClosedConnectionFailThePush() {
        setView(S1, 1);
        setView(S2, 2);
        CompletableFuture<Long> refused = offer(S1);
        CompletableFuture<Long> unanswered = offer(S2);
        runWorkers();
        answer(stream.written.get(0), "ErrorResponse");
        assertThrows(ExecutionException.class, refused::get);

        connection.expireOverdue(now.get() + ACK_TIMEOUT - 1);
        assertFalse(unanswered.isDone());
        connection.expireOverdue(now.get() + ACK_TIMEOUT);
        ExecutionException timedOut = assertThrows(ExecutionException.class, unanswered::get);
        assertInstanceOf(TimeoutException.class, timedOut.getCause());

        stream.ready = false;
        CompletableFuture<Long> waiting = offer(S1);
        connection.close();
        assertTrue(waiting.isCompletedExceptionally(), "a waiting push fails when its connection closes");
        assertTrue(offer(S2).isCompletedExceptionally(), "and later ones fail at once");
    }

    @Test
    void aViewThatCannotBeBuiltFailsThatPushOnly() {
        setView(S2, 2);
        CompletableFuture<Long> broken = outbox.offer(new Subscription(S1, ""), () -> {
            throw new IllegalStateException("broken view");
        }, (view, readMark, subscription, requestId) -> Payload.getDefaultInstance());
        CompletableFuture<Long> fine = offer(S2);
        runWorkers();
        assertTrue(broken.isCompletedExceptionally());
        assertEquals(1, stream.written.size());
        assertFalse(fine.isDone());
    }
}
