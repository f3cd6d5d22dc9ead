package io.jacos.it.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.stub.StreamObserver;
import io.jacos.transport.grpc.proto.BiRequestStreamGrpc;
import io.jacos.transport.grpc.proto.Metadata;
import io.jacos.transport.grpc.proto.Payload;
import io.jacos.transport.grpc.proto.RequestGrpc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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
 * <p>
 * Two misbehaving clients are available for tests of the server's defences: one that reads its stream only
 * as fast as the test lets it ({@link #openReadingOnDemand}), so the server sees the stream not ready, and one
 * that never answers one kind of server request ({@link #openNotAnswering}).
 */
public final class RawNacosConnection implements AutoCloseable {

    public static final ObjectMapper JSON = new ObjectMapper();

    /** Bounds every wait; generous so that a slow machine does not fail a test. */
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    private static final String CLIENT_IP = "127.0.0.1";
    /** The ConnectionSetupRequest body nacos-client 2.5.1 sends (its naming labels, an empty ability table). */
    public static final String SETUP_LIKE_THE_CLIENT = "{\"headers\":{},\"clientVersion\":\"Nacos-Java-Client:v2.5.1\","
            + "\"labels\":{\"source\":\"sdk\",\"module\":\"naming\"},\"abilityTable\":{},\"module\":\"internal\"}";

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

    /** A ServiceInfo as it travelled: in a push or in a subscribe or query answer. */
    public record ServiceInfo(String groupName, String name, List<String> endpoints, long lastRefTime) {

        /** Reads the {@code serviceInfo} object of an answer or push body. */
        public static ServiceInfo of(JsonNode body) {
            JsonNode info = body.path("serviceInfo");
            List<String> endpoints = new ArrayList<>();
            info.path("hosts").forEach(h -> endpoints.add(h.path("ip").asText() + ":" + h.path("port").asInt()));
            return new ServiceInfo(info.path("groupName").asText(null), info.path("name").asText(null),
                    endpoints.stream().sorted().toList(), info.path("lastRefTime").asLong());
        }
    }

    /**
     * How the connection treats its stream, where a test wants it to differ from the real client: reading only
     * on demand, and request types it leaves unanswered.
     */
    private record Behaviour(boolean readOnDemand, Set<String> unanswered) {
        static final Behaviour LIKE_THE_CLIENT = new Behaviour(false, Set.of());
    }

    /** HTTP/2 window of an on-demand reader: small, so a few unread pushes fill it. */
    private static final int ON_DEMAND_WINDOW_BYTES = 64 * 1024;

    private final ManagedChannel channel;
    private final RequestGrpc.RequestBlockingStub unary;
    private final RequestGrpc.RequestStub asyncUnary;
    private final Behaviour behaviour;
    private final CompletableFuture<Payload> setupAck = new CompletableFuture<>();
    private final CompletableFuture<Void> streamClosed = new CompletableFuture<>();
    private final List<Payload> serverRequests = new CopyOnWriteArrayList<>();
    private StreamObserver<Payload> stream;
    private volatile ClientCallStreamObserver<Payload> inbound;
    private volatile boolean readingPaused;
    private String connectionId;

    private RawNacosConnection(int grpcPort, Behaviour behaviour) {
        this.behaviour = behaviour;
        this.channel = behaviour.readOnDemand()
                ? NettyChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext()
                        .flowControlWindow(ON_DEMAND_WINDOW_BYTES).maxInboundMessageSize(64 * 1024 * 1024).build()
                : ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext()
                        .maxInboundMessageSize(64 * 1024 * 1024).build();
        this.unary = RequestGrpc.newBlockingStub(channel);
        this.asyncUnary = RequestGrpc.newStub(channel);
    }

    /** Connects like the real client: server check, bi-stream, setup, and waits for the setup ack. */
    public static RawNacosConnection open(int grpcPort) {
        return open(grpcPort, Behaviour.LIKE_THE_CLIENT);
    }

    /**
     * Connects like {@link #open}, but takes messages off its stream only when asked to: it reads everything
     * until {@link #pauseReading()}, then only what {@link #read(int)} allows, until {@link #resumeReading()}.
     * Its HTTP/2 window is small, so while it is paused the server soon finds the stream not ready. Messages
     * it has not read are not answered either.
     */
    public static RawNacosConnection openReadingOnDemand(int grpcPort) {
        return open(grpcPort, new Behaviour(true, Set.of()));
    }

    /** Connects like {@link #open}, but never answers server requests of the given type. */
    public static RawNacosConnection openNotAnswering(int grpcPort, String requestType) {
        return open(grpcPort, new Behaviour(false, Set.of(requestType)));
    }

    /**
     * Connects like {@link #open}, but with this {@code ConnectionSetupRequest} body; throws when the server sends
     * no SetupAckRequest for it (it closed the stream instead).
     */
    public static RawNacosConnection openWithSetup(int grpcPort, String setupBody) {
        return open(grpcPort, Behaviour.LIKE_THE_CLIENT, setupBody);
    }

    private static RawNacosConnection open(int grpcPort, Behaviour behaviour) {
        return open(grpcPort, behaviour, SETUP_LIKE_THE_CLIENT);
    }

    private static RawNacosConnection open(int grpcPort, Behaviour behaviour, String setupBody) {
        RawNacosConnection connection = new RawNacosConnection(grpcPort, behaviour);
        try {
            connection.serverCheck();
            connection.setup(setupBody);
            return connection;
        } catch (RuntimeException | Error e) {
            connection.close();
            throw e;
        }
    }

    /** Connects and answers the server check, but never sends ConnectionSetupRequest. */
    public static RawNacosConnection withoutSetup(int grpcPort) {
        RawNacosConnection connection = new RawNacosConnection(grpcPort, Behaviour.LIKE_THE_CLIENT);
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

    private void setup(String setupBody) {
        stream = BiRequestStreamGrpc.newStub(channel).requestBiStream(new ClientResponseObserver<Payload, Payload>() {
            @Override
            public void beforeStart(ClientCallStreamObserver<Payload> call) {
                if (behaviour.readOnDemand()) {
                    // One message (the setup ack) now; every further one is asked for after the previous.
                    call.disableAutoRequestWithInitial(1);
                    inbound = call;
                }
            }

            @Override
            public void onNext(Payload payload) {
                onServerMessage(payload);
                if (behaviour.readOnDemand() && !readingPaused) {
                    inbound.request(1);
                }
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
        sendOnStream(payload("ConnectionSetupRequest", setupBody));
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
        if (type.endsWith("Request") && !behaviour.unanswered().contains(type)) {
            String requestId = parse(payload).path("requestId").asText("");
            String responseType = type.substring(0, type.length() - "Request".length()) + "Response";
            sendOnStream(payload(responseType, "{\"resultCode\":200,\"errorCode\":0,\"requestId\":"
                    + quote(requestId) + ",\"success\":true}"));
        }
    }

    /** The body of the server's {@code SetupAckRequest}; the connection has it once {@code open} returned. */
    public JsonNode setupAck() {
        return parse(setupAck.join());
    }

    /** Everything the server sent on the stream except the setup ack, in arrival order. */
    public List<Payload> serverRequests() {
        return List.copyOf(serverRequests);
    }

    /** The server requests of one type read from the stream so far, decoded, in arrival order. */
    public List<Reply> received(String type) {
        return serverRequests.stream().filter(p -> type.equals(p.getMetadata().getType()))
                .map(p -> new Reply(type, parse(p))).toList();
    }

    /** From now on, reads only the messages {@link #read(int)} asks for (an on-demand connection only). */
    public void pauseReading() {
        requireOnDemand();
        readingPaused = true;
    }

    /** Reads up to this many more messages, as they arrive, while reading is paused. */
    public void read(int messages) {
        requireOnDemand();
        inbound.request(messages);
    }

    /** Reads everything again, starting with whatever is waiting. */
    public void resumeReading() {
        requireOnDemand();
        readingPaused = false;
        inbound.request(1);
    }

    private void requireOnDemand() {
        if (!behaviour.readOnDemand()) {
            throw new IllegalStateException("not a connection that reads on demand");
        }
    }

    /**
     * Whether the TCP connection is up. The channel leaves READY when the server closes the transport; it
     * never reconnects by itself unless a new call is made.
     */
    public boolean transportReady() {
        return channel.getState(false) == ConnectivityState.READY;
    }

    /** Subscribes (or unsubscribes) like the 2.5.1 client: all clusters, in the public namespace. */
    public static Payload subscribeRequest(String group, String service, boolean subscribe) {
        ObjectNode body = object().put("namespace", "public").put("serviceName", service).put("groupName", group)
                .put("subscribe", subscribe).put("clusters", "").put("module", "naming");
        body.putObject("headers");
        return payload("SubscribeServiceRequest", write(body));
    }

    public Reply subscribe(String group, String service) {
        return request(subscribeRequest(group, service, true));
    }

    public Reply unsubscribe(String group, String service) {
        return request(subscribeRequest(group, service, false));
    }

    /**
     * Tells the server this connection is alive, as the client's idle health check does, without waiting
     * for the answer (which cannot arrive while a paused reader's window is full).
     */
    public void signalAlive() {
        requestAsync(payload("HealthCheckRequest", "{\"headers\":{},\"module\":\"internal\"}"));
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

    /**
     * Sends a unary request without waiting: many can be in flight on the one connection. The answer fails
     * with the gRPC status if the call fails.
     */
    public CompletableFuture<Reply> requestAsync(Payload payload) {
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        asyncUnary.withDeadlineAfter(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).request(payload,
                new StreamObserver<>() {
                    @Override
                    public void onNext(Payload answer) {
                        reply.complete(new Reply(answer.getMetadata().getType(), parse(answer)));
                    }

                    @Override
                    public void onError(Throwable t) {
                        reply.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        reply.completeExceptionally(new IllegalStateException("call ended without an answer"));
                    }
                });
        return reply;
    }

    /**
     * Sends a unary request without waiting and without decoding the answer, for tests that judge the answer's
     * form themselves (an undecodable answer is then their finding, not a failed call).
     */
    public CompletableFuture<Payload> requestRawAsync(Payload payload) {
        CompletableFuture<Payload> reply = new CompletableFuture<>();
        asyncUnary.withDeadlineAfter(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).request(payload,
                new StreamObserver<>() {
                    @Override
                    public void onNext(Payload answer) {
                        reply.complete(answer);
                    }

                    @Override
                    public void onError(Throwable t) {
                        reply.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                        reply.completeExceptionally(new IllegalStateException("call ended without an answer"));
                    }
                });
        return reply;
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
