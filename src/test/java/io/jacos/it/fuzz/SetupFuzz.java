package io.jacos.it.fuzz;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import io.jacos.transport.grpc.proto.Metadata;
import io.jacos.transport.grpc.proto.Payload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Hostile bi-stream openings, case {@code i} of seed {@code s} always the same: on a fresh connection, one to four
 * messages of five kinds (up to the first that ends the stream), each with the effect the server promises for it.
 * A setup within every bound ({@link SetupMessages}) registers the connection and, with an ability table, is
 * acknowledged (a repeated one too); one over a bound (labels, abilities, version, tenant, declared IP) unregisters it and completes the stream;
 * bytes that are no protobuf message, or a message over the size limit, end the stream with an error (or, once the
 * connection registered, unregister it, which completes the stream); and
 * everything else (broken JSON, wrong JSON types, other message types, bytes that are no JSON) is ignored. A
 * case whose stream is still open at its end gets a valid setup, whose acknowledgement shows every earlier
 * message was handled, and then ends it: the server closes it for a setup over a bound, or the client half-closes
 * it, cancels it or drops the connection.
 */
final class SetupFuzz {

    /** What the server does for a message on the stream. */
    enum Effect {
        /** Nothing: the message is not a setup it can read, or not a setup at all. */
        NOTHING,
        /** The connection is registered and a SetupAckRequest sent. */
        ACK,
        /** The connection is registered, no acknowledgement (a setup without ability table). */
        REGISTER,
        /** The connection is unregistered, then the stream completed. */
        REFUSE,
        /** The call fails: the stream ends with an error status. */
        BREAK
    }

    /** How a case whose stream is still open ends it. */
    enum Ending { SERVER_REFUSES, HALF_CLOSE, CANCEL, DROP }

    record Message(String what, Effect effect, byte[] bytes) {
    }

    record Case(long index, boolean serverCheck, List<Message> messages, Ending ending, boolean probe) {

        String label() {
            StringBuilder s = new StringBuilder(serverCheck ? "check" : "no-check");
            messages.forEach(m -> s.append(" > ").append(m.what()));
            return s.append(" | ").append(ending).toString();
        }
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final long seed;

    SetupFuzz(long seed) {
        this.seed = seed;
    }

    Case generate(long index) {
        Hostile h = new Hostile(new SplittableRandom(seed * 0x8CB92BA72F3D8DD7L + index));
        int count = 1 + h.below(4);
        List<Message> messages = new ArrayList<>();
        boolean open = true;
        for (int i = 0; i < count && open; i++) {
            Message m = message(h);
            messages.add(m);
            open = m.effect() != Effect.REFUSE && m.effect() != Effect.BREAK;
        }
        Ending ending = h.pick(Ending.values());
        if (open) {
            messages.add(new Message("closing setup", Effect.ACK, SetupMessages.valid(h, true).toByteArray()));
            if (ending == Ending.SERVER_REFUSES) {
                messages.add(new Message("over a bound", Effect.REFUSE, SetupMessages.overBound(h).toByteArray()));
            }
        }
        return new Case(index, h.chance(80), List.copyOf(messages), ending, h.chance(30));
    }

    private static Message message(Hostile h) {
        int kind = h.below(100);
        if (kind < 25) {
            return new Message("setup", Effect.ACK, SetupMessages.valid(h, true).toByteArray());
        }
        if (kind < 33) {
            return new Message("setup without abilities", Effect.REGISTER, SetupMessages.valid(h, false).toByteArray());
        }
        if (kind < 55) {
            return new Message("setup over a bound", Effect.REFUSE, SetupMessages.overBound(h).toByteArray());
        }
        if (kind < 60) {
            return new Message("not a message", Effect.BREAK, h.below(300) == 0 ? oversized()
                    : SetupMessages.notProtobuf(h));
        }
        if (kind < 75) {
            return new Message("unreadable setup", Effect.NOTHING, SetupMessages.unreadable(h).toByteArray());
        }
        return new Message("other type", Effect.NOTHING, otherType(h).toByteArray());
    }

    /** A message that is not a setup: a request or response type on the stream, any body. */
    private static Payload otherType(Hostile h) {
        String type = h.pick(new String[]{"InstanceRequest", "HealthCheckRequest", "ServerCheckRequest",
                "ClientDetectionResponse", "NotifySubscriberResponse", "ConnectResetResponse", "SetupAckRequest",
                "connectionsetuprequest", "ConnectionSetupRequest ", "", "ConnectionSetup", h.text()});
        ObjectNode body = NODES.objectNode().put("requestId", Long.toString(h.random().nextLong()))
                .put("resultCode", 200).put("module", "internal");
        body.set(h.text(), GrpcFuzz.anyValue(h, 0));
        byte[] bytes = h.chance(20) ? h.randomCodePoints(1 + h.below(40)).getBytes(StandardCharsets.UTF_8)
                : body.toString().getBytes(StandardCharsets.UTF_8);
        return Payload.newBuilder().setMetadata(Metadata.newBuilder().setType(type).setClientIp("127.0.0.1"))
                .setBody(Any.newBuilder().setValue(ByteString.copyFrom(bytes))).build();
    }

    /** A setup just over the server's 10 MiB message limit. */
    private static byte[] oversized() {
        String pad = "x".repeat(10 * 1024 * 1024 + 1);
        return Payload.newBuilder().setMetadata(Metadata.newBuilder().setType("ConnectionSetupRequest"))
                .setBody(Any.newBuilder().setValue(ByteString.copyFromUtf8("{\"clientVersion\":\"" + pad + "\"}")))
                .build().toByteArray();
    }
}
