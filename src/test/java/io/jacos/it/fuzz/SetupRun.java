package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.grpc.Status;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.transport.grpc.proto.Payload;
import org.awaitility.core.ConditionTimeoutException;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.awaitility.Awaitility.await;

/**
 * Plays the bi-stream cases ({@link SetupFuzz}), a few at a time, each on a connection of its own, and judges what
 * the server did: exactly the acknowledgements promised, a stream ended where a message ends it (completed for a
 * setup over a bound, failed for bytes that are no message), and, when the case probes, the connection unknown to
 * the server right after a refusal, a half-close or a cancel. That every connection left the server's table is
 * checked once at the end of the run (the readiness check's connection count).
 */
final class SetupRun {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int IN_FLIGHT = 6;
    private static final long WAIT_SECONDS = 30;
    private static final Payload HEALTH_CHECK = RawNacosConnection.payload("HealthCheckRequest",
            "{\"headers\":{},\"module\":\"internal\"}");

    private final SetupFuzz fuzz;
    private final int grpcPort;
    private final Findings findings;

    SetupRun(SetupFuzz fuzz, int grpcPort, Findings findings) {
        this.fuzz = fuzz;
        this.grpcPort = grpcPort;
        this.findings = findings;
    }

    void run(long from, long count) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(IN_FLIGHT, r -> new Thread(r, "fuzz-setup"));
        Semaphore slots = new Semaphore(IN_FLIGHT);
        for (long i = from; i < from + count; i++) {
            SetupFuzz.Case c = fuzz.generate(i);
            slots.acquire();
            pool.execute(() -> {
                try {
                    play(c);
                } catch (RuntimeException e) {
                    findings.problem("setup-failed", e + " <- " + where(c));
                } finally {
                    slots.release();
                }
            });
        }
        pool.shutdown();
        if (!pool.awaitTermination(2, TimeUnit.MINUTES)) {
            findings.problem("setup-stuck", "cases still running two minutes after the last began");
        }
    }

    private void play(SetupFuzz.Case c) {
        try (SetupStream stream = new SetupStream(grpcPort)) {
            stream.start(c.serverCheck());
            int acks = 0;
            boolean registered = false;
            SetupFuzz.Effect last = SetupFuzz.Effect.NOTHING;
            for (SetupFuzz.Message m : c.messages()) {
                stream.send(m.bytes());
                acks += m.effect() == SetupFuzz.Effect.ACK ? 1 : 0;
                registered |= m.effect() == SetupFuzz.Effect.ACK || m.effect() == SetupFuzz.Effect.REGISTER;
                last = m.effect();
            }
            if (last == SetupFuzz.Effect.REFUSE || last == SetupFuzz.Effect.BREAK) {
                endedByServer(c, stream, acks, last, registered);
            } else {
                endedByClient(c, stream, acks);
            }
        }
    }

    /**
     * A message that is no Payload fails a stream that never registered; on a registered one the server unregisters
     * the connection, which completes the stream it registered with.
     */
    private void endedByServer(SetupFuzz.Case c, SetupStream stream, int acks, SetupFuzz.Effect last,
                               boolean registered) {
        Status status = within(stream.ended(), c, "the stream still open");
        if (status == null) {
            return;
        }
        findings.outcome("setup ended by the server " + status.getCode());
        if (stream.acks() != acks) {
            findings.problem("setup-acks", stream.acks() + " acks where " + acks + " were due <- " + where(c));
        }
        if (last == SetupFuzz.Effect.REFUSE && !status.isOk()) {
            findings.problem("setup-refusal-not-completed", status + " <- " + where(c));
        } else if (last == SetupFuzz.Effect.BREAK && status.isOk() && !registered) {
            findings.problem("setup-broken-message-completed", "<- " + where(c));
        }
        if (last == SetupFuzz.Effect.REFUSE && c.probe()) {
            // The refusal unregisters before it completes the stream: the connection is unknown by now.
            expectUnregistered(c, stream);
        }
    }

    private void endedByClient(SetupFuzz.Case c, SetupStream stream, int acks) {
        if (within(stream.untilAcks(acks), c, acks + " acks due, " + stream.acks() + " came") == null) {
            return;
        }
        if (stream.ended().isDone()) {
            findings.problem("setup-ended-early", stream.ended().join() + " after " + stream.acks() + " of " + acks
                    + " acks <- " + where(c));
            return;
        }
        findings.outcome("setup ended by the client " + c.ending());
        switch (c.ending()) {
            case HALF_CLOSE -> {
                stream.halfClose();
                // The server unregisters the connection, which completes its side of the stream.
                Status status = within(stream.ended(), c, "no completion after the half-close");
                if (status != null && c.probe()) {
                    expectUnregistered(c, stream);
                }
            }
            case CANCEL -> {
                stream.cancel();
                if (c.probe()) {
                    try {
                        await().atMost(Duration.ofSeconds(WAIT_SECONDS)).pollInterval(Duration.ofMillis(20))
                                .until(() -> errorCode(stream.unary(HEALTH_CHECK)) == 301);
                    } catch (ConditionTimeoutException e) {
                        findings.problem("setup-cancelled-still-registered", "<- " + where(c));
                    }
                }
            }
            default -> {
                // DROP: closing the connection below ends everything at once.
            }
        }
    }

    private void expectUnregistered(SetupFuzz.Case c, SetupStream stream) {
        int code = errorCode(stream.unary(HEALTH_CHECK));
        if (code != 301) {
            findings.problem("setup-still-registered", "health check answered " + code + " <- " + where(c));
        }
    }

    private <T> T within(java.util.concurrent.CompletableFuture<T> future, SetupFuzz.Case c, String otherwise) {
        try {
            return future.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            findings.problem("setup-no-answer", otherwise + " after " + WAIT_SECONDS + " s <- " + where(c));
        } catch (ExecutionException e) {
            findings.problem("setup-failed", e.getCause() + " <- " + where(c));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    private static int errorCode(Payload answer) {
        try {
            JsonNode body = JSON.readTree(answer.getBody().getValue().toByteArray());
            return body.path("errorCode").asInt(-1);
        } catch (IOException e) {
            return -1;
        }
    }

    private static String where(SetupFuzz.Case c) {
        return "setup case " + c.index() + " [" + c.label() + "]";
    }
}
