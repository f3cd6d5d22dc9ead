package io.jacos.it.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.StreamObserver;
import io.jacos.transport.grpc.proto.BiRequestStreamGrpc;
import io.jacos.transport.grpc.proto.Metadata;
import io.jacos.transport.grpc.proto.Payload;
import io.jacos.transport.grpc.proto.RequestGrpc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A hand-rolled Nacos 2.x SDK connection that speaks the wire protocol the way nacos-client 2.5.1 does, but
 * lets a test send anything: any {@code metadata.type}, any body bytes, requests before the handshake.
 * <p>
 * One instance is one HTTP/2 connection (one {@link ManagedChannel}), which is what the server keys its
 * connections by. {@link #open} performs the full handshake (server check, bi-stream, ConnectionSetupRequest,
 * SetupAckRequest); {@link #withoutSetup} stops after the server check, so the server never registers it.
 * Server requests on the stream (NotifySubscriberRequest, ClientDetectionRequest, ...) are answered with a
 * success response carrying the same requestId, as the real client does.
 */
public final class RawNacosConnection implements AutoCloseable {

    public static final ObjectMapper JSON = new ObjectMapper();

    /** Bounds every wait; generous so that a slow machine does not fail a test. */
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    private static final String CLIENT_IP = "127.0.0.1";

    /** A decoded answer: the payload's {@code metadata.type} and its JSON body. */
    public record Reply(String type, JsonNode body) {

        public int resultCode() {
            return body.path("resultCode").asInt(-1);
        }

        public int errorCode() {
            return body.path("errorCode").asInt(-1);
        }

        public String message() {
            return body.path("message").asText("");
        }

        public boolean success() {
            return body.path("success").asBoolean(false);
        }
    }

    private final ManagedChannel channel;
    private final RequestGrpc.RequestBlockingStub unary;
    private final CompletableFuture<Payload> setupAck = new CompletableFuture<>();
    private final CompletableFuture<Void> streamClosed = new CompletableFuture<>();
    private final List<Payload> serverRequests = new CopyOnWriteArrayList<>();
    private StreamObserver<Payload> stream;
    private String connectionId;

    private RawNacosConnection(int grpcPort) {
        this.channel = ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext()
                .maxInboundMessageSize(64 * 1024 * 1024).build();
        this.unary = RequestGrpc.newBlockingStub(channel);
    }

    /** Connects like the real client: server check, bi-stream, setup, and waits for the setup ack. */
    public static RawNacosConnection open(int grpcPort) {
        RawNacosConnection connection = new RawNacosConnection(grpcPort);
        try {
            connection.serverCheck();
            connection.setup();
            return connection;
        } catch (RuntimeException | Error e) {
            connection.close();
            throw e;
        }
    }

    /** Connects and answers the server check, but never sends ConnectionSetupRequest. */
    public static RawNacosConnection withoutSetup(int grpcPort) {
        RawNacosConnection connection = new RawNacosConnection(grpcPort);
        try {
            connection.serverCheck();
            return connection;
        } catch (RuntimeException | Error e) {
            connection.close();
            throw e;
        }
    }

    /** The id the server gave this TCP connection in its ServerCheckResponse. */
    public String connectionId() {
        return connectionId;
    }

    private void serverCheck() {
        Reply reply = request("ServerCheckRequest", "{\"headers\":{},\"module\":\"internal\"}");
        if (!"ServerCheckResponse".equals(reply.type()) || reply.resultCode() != 200) {
            throw new IllegalStateException("server check refused: " + reply);
        }
        connectionId = reply.body().path("connectionId").asText();
    }

    private void setup() {
        stream = BiRequestStreamGrpc.newStub(channel).requestBiStream(new StreamObserver<>() {
            @Override
            public void onNext(Payload payload) {
                onServerMessage(payload);
            }

            @Override
            public void onError(Throwable t) {
                setupAck.completeExceptionally(t);
                streamClosed.complete(null);
            }

            @Override
            public void onCompleted() {
                setupAck.completeExceptionally(new IllegalStateException("stream closed by the server"));
                streamClosed.complete(null);
            }
        });
        sendOnStream(payload("ConnectionSetupRequest", "{\"headers\":{},\"clientVersion\":\"Nacos-Java-Client:v2.5.1\","
                + "\"labels\":{\"source\":\"sdk\",\"module\":\"naming\"},\"abilityTable\":{},\"module\":\"internal\"}"));
        try {
            setupAck.get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for SetupAckRequest", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("no SetupAckRequest from the server", e);
        }
    }

    private void onServerMessage(Payload payload) {
        String type = payload.getMetadata().getType();
        if ("SetupAckRequest".equals(type)) {
            setupAck.complete(payload);
            return;
        }
        serverRequests.add(payload);
        if (type.endsWith("Request")) {
            String requestId = parse(payload).path("requestId").asText("");
            String responseType = type.substring(0, type.length() - "Request".length()) + "Response";
            sendOnStream(payload(responseType, "{\"resultCode\":200,\"errorCode\":0,\"requestId\":"
                    + quote(requestId) + ",\"success\":true}"));
        }
    }

    /** Everything the server sent on the stream except the setup ack, in arrival order. */
    public List<Payload> serverRequests() {
        return List.copyOf(serverRequests);
    }

    /** Half-closes the bi-stream as the real client does on shutdown, keeping the channel open. */
    public void completeStream() {
        synchronized (this) {
            if (stream != null) {
                stream.onCompleted();
                stream = null;
            }
        }
    }

    private synchronized void sendOnStream(Payload payload) {
        if (stream != null) {
            stream.onNext(payload);
        }
    }

    /** Sends a unary request whose body is the given JSON text (or any text at all). */
    public Reply request(String type, String body) {
        return request(payload(type, body));
    }

    /** Sends a unary request whose body is the given JSON tree. */
    public Reply request(String type, JsonNode body) {
        return request(type, write(body));
    }

    /** Sends a raw payload; gRPC failures surface as {@link io.grpc.StatusRuntimeException}. */
    public Reply request(Payload payload) {
        Payload answer = unary.withDeadlineAfter(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).request(payload);
        return new Reply(answer.getMetadata().getType(), parse(answer));
    }

    /** A payload as the client builds it: simple type name, client IP, UTF-8 JSON in an Any without type URL. */
    public static Payload payload(String type, String body) {
        return payload(type, ByteString.copyFromUtf8(body));
    }

    public static Payload payload(String type, ByteString body) {
        return Payload.newBuilder()
                .setMetadata(Metadata.newBuilder().setType(type).setClientIp(CLIENT_IP))
                .setBody(Any.newBuilder().setValue(body))
                .build();
    }

    /** A fresh JSON object for building request bodies. */
    public static ObjectNode object() {
        return JSON.createObjectNode();
    }

    private static JsonNode parse(Payload payload) {
        try {
            return JSON.readTree(payload.getBody().getValue().toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable " + payload.getMetadata().getType() + " body", e);
        }
    }

    private static String write(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String quote(String text) {
        return write(JSON.getNodeFactory().textNode(text));
    }

    /** Closes the stream and the TCP connection, waiting (bounded) until the channel has terminated. */
    @Override
    public void close() {
        try {
            completeStream();
        } catch (RuntimeException ignored) {
            // The stream may already have failed; the channel shutdown below releases it anyway.
        }
        channel.shutdownNow();
        try {
            channel.awaitTermination(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
