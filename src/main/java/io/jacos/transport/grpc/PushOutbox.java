package io.jacos.transport.grpc;

import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import io.jacos.model.Subscription;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.transport.grpc.proto.Payload;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * One connection's pushes that wait for its stream to take them. Bounded: at most one entry per service, and
 * a newer push of a service replaces the waiting one (the view is read when the entry is written, so only the
 * newest state is ever sent). Backpressure is flow control, not failure: while the stream is not ready
 * entries wait, and grpc-java's {@code onReady} signal (or the next push) starts writing again.
 * <p>
 * Writing happens on the push workers, a bounded number of entries per turn, so a connection with many
 * pushes or a slow reader delays only itself.
 */
final class PushOutbox {

    /** Builds the request for a view read after {@code readMark}; {@code requestId} identifies the ack. */
    interface Renderer {
        Payload render(ServiceView view, long readMark, Subscription subscription, String requestId);
    }

    static final int WRITES_PER_TURN = 64;

    private record Entry(Subscription subscription, Supplier<ServiceView> view, Renderer renderer,
                         CompletableFuture<Long> acked) {
    }

    private static final int IDLE = 0;
    private static final int SCHEDULED = 1;
    private static final int RESCHEDULE = 2;

    private final GrpcConnection connection;
    private final Predicate<ResponseBody> isSuccess;
    private final Executor workers;
    private final LongSupplier millis;
    private final long ackTimeoutMillis;
    private final Map<ServiceKey, Entry> waiting = new LinkedHashMap<>();
    private final AtomicInteger drainState = new AtomicInteger(IDLE);
    private long blockedSinceMillis = -1;
    private boolean closed;

    PushOutbox(GrpcConnection connection, Predicate<ResponseBody> isSuccess, Executor workers, LongSupplier millis,
               long ackTimeoutMillis) {
        this.connection = connection;
        this.isSuccess = isSuccess;
        this.workers = workers;
        this.millis = millis;
        this.ackTimeoutMillis = ackTimeoutMillis;
    }

    /** Queues a push; the future completes with the acknowledged revision. */
    CompletableFuture<Long> offer(Subscription subscription, Supplier<ServiceView> view, Renderer renderer) {
        CompletableFuture<Long> acked;
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException("connection closed"));
            }
            Entry queued = waiting.get(subscription.service());
            acked = queued == null ? new CompletableFuture<>() : queued.acked();
            waiting.put(subscription.service(), new Entry(subscription, view, renderer, acked));
        }
        requestDrain();
        return acked;
    }

    /** Called when the stream may take more (grpc-java's onReady) and after each offer. */
    void requestDrain() {
        while (true) {
            int state = drainState.get();
            if (state == RESCHEDULE || (state == SCHEDULED && drainState.compareAndSet(SCHEDULED, RESCHEDULE))) {
                return;
            }
            if (state == IDLE && drainState.compareAndSet(IDLE, SCHEDULED)) {
                submit();
                return;
            }
        }
    }

    synchronized int size() {
        return waiting.size();
    }

    /** Since when entries have waited for a stream that is not ready; -1 while nothing is held back. */
    synchronized long blockedSinceMillis() {
        return blockedSinceMillis;
    }

    /** Fails every waiting push; later offers fail at once. */
    void close() {
        List<Entry> dropped;
        synchronized (this) {
            closed = true;
            dropped = new ArrayList<>(waiting.values());
            waiting.clear();
        }
        IllegalStateException gone = new IllegalStateException("connection " + connection.id() + " closed");
        dropped.forEach(entry -> entry.acked().completeExceptionally(gone));
    }

    private void submit() {
        try {
            workers.execute(this::drainTurn);
        } catch (RejectedExecutionException e) {
            // Workers saturated or stopping: the next offer or onReady signal tries again.
            drainState.set(IDLE);
        }
    }

    private void drainTurn() {
        drainState.set(SCHEDULED);
        int written = 0;
        Entry entry;
        while (written < WRITES_PER_TURN && (entry = next()) != null) {
            write(entry);
            written++;
        }
        // A full turn yields the worker to other connections; a request that came during the turn is served.
        if (written == WRITES_PER_TURN || !drainState.compareAndSet(SCHEDULED, IDLE)) {
            drainState.set(SCHEDULED);
            submit();
        }
    }

    private synchronized Entry next() {
        if (waiting.isEmpty()) {
            blockedSinceMillis = -1;
            return null;
        }
        if (closed || !connection.isReady()) {
            if (blockedSinceMillis < 0) {
                blockedSinceMillis = millis.getAsLong();
                connection.waiting();
            }
            return null;
        }
        blockedSinceMillis = -1;
        Iterator<Entry> oldest = waiting.values().iterator();
        Entry entry = oldest.next();
        oldest.remove();
        return entry;
    }

    private void write(Entry entry) {
        try {
            long readMark = millis.getAsLong();
            ServiceView view = entry.view().get();
            long revision = view.revision();
            connection.request(id -> entry.renderer().render(view, readMark, entry.subscription(), id),
                            millis.getAsLong() + ackTimeoutMillis)
                    .whenComplete((answer, failure) -> {
                        if (failure != null) {
                            entry.acked().completeExceptionally(failure);
                        } else if (!isSuccess.test(answer)) {
                            entry.acked().completeExceptionally(new IllegalStateException(
                                    "subscriber " + connection.id() + " refused the push"));
                        } else {
                            entry.acked().complete(revision);
                        }
                    });
        } catch (RuntimeException e) {
            // A failure to build or write one push ends that push only; the delivery rules retry it.
            entry.acked().completeExceptionally(e);
        }
    }
}
