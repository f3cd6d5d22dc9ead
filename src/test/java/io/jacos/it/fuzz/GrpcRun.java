package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.grpc.StatusRuntimeException;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.transport.grpc.proto.Payload;

import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Sends the gRPC cases over a few registered connections (and a share over one that never did the setup), a
 * bounded number in flight, and judges every answer: a Nacos response payload with a JSON body, a result code,
 * for a refusal an error code and a message, nothing leaked, and never a success for a write.
 */
final class GrpcRun {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int IN_FLIGHT = 64;

    private final GrpcCases cases;
    private final List<RawNacosConnection> registered;
    private final RawNacosConnection unregistered;
    private final Findings findings;

    GrpcRun(GrpcCases cases, List<RawNacosConnection> registered, RawNacosConnection unregistered,
            Findings findings) {
        this.cases = cases;
        this.registered = registered;
        this.unregistered = unregistered;
        this.findings = findings;
    }

    void run(long from, long count) throws InterruptedException {
        Semaphore slots = new Semaphore(IN_FLIGHT);
        for (long i = from; i < from + count; i++) {
            GrpcFuzz.Case c = cases.generate(i);
            boolean setUp = i % 20 != 0;
            RawNacosConnection connection = setUp ? registered.get((int) (i % registered.size())) : unregistered;
            slots.acquire();
            connection.requestRawAsync(c.payload()).whenComplete((answer, failure) -> {
                try {
                    judge(c, setUp, answer, failure);
                } catch (RuntimeException e) {
                    findings.problem("grpc-judge", c.index() + " " + e);
                } finally {
                    slots.release();
                }
            });
        }
        if (!slots.tryAcquire(IN_FLIGHT, 120, TimeUnit.SECONDS)) {
            findings.problem("grpc-stuck", "answers still missing two minutes after the last request");
        }
    }

    private void judge(GrpcFuzz.Case c, boolean setUp, Payload answer, Throwable failure) {
        String where = "case " + c.index() + " [" + c.label() + "] " + GrpcFuzz.describe(c.payload());
        if (failure != null) {
            Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
            String status = cause instanceof StatusRuntimeException s ? s.getStatus().getCode().name() : cause.toString();
            findings.problem("grpc-call-failed " + status, where);
            return;
        }
        String type = answer.getMetadata().getType();
        String text = answer.getBody().getValue().toStringUtf8();
        Leaks.find(type + " " + text).ifPresent(leak -> findings.problem("grpc-leak", leak + " <- " + where));
        JsonNode body;
        try {
            body = JSON.readTree(text);
        } catch (java.io.IOException e) {
            findings.problem("grpc-unreadable-answer", type + " " + text + " <- " + where);
            return;
        }
        if (!type.endsWith("Response") || body == null || !body.path("resultCode").isInt()) {
            findings.problem("grpc-malformed-answer", type + " " + text + " <- " + where);
            return;
        }
        int result = body.path("resultCode").asInt();
        int error = body.path("errorCode").asInt(-1);
        findings.outcome("grpc " + type + " " + result + "/" + error);
        if (result == 200) {
            if (c.write()) {
                findings.problem("grpc-write-accepted", type + " " + text + " <- " + where);
            }
            if (!setUp && !"ServerCheckRequest".equals(c.payload().getMetadata().getType())) {
                findings.problem("grpc-unregistered-accepted", type + " <- " + where);
            }
            return;
        }
        if (error <= 0 || !body.path("message").isTextual() || body.path("message").asText().isBlank()) {
            findings.problem("grpc-error-without-code-or-message", type + " " + text + " <- " + where);
        }
        if (error == 500 && body.path("message").asText().startsWith("Server error")) {
            findings.problem("grpc-unexpected-server-error", type + " " + text + " <- " + where);
        }
    }
}
