package io.jacos.bench;

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
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A light subscriber that speaks the Nacos 2.x gRPC protocol itself, for the push phases when real clients
 * would measure this JVM rather than the server ({@code -Dbench.fanout.client=raw}, {@code bench.services.client}). Per connection it
 * does what nacos-client 2.5.1 does on the wire: server check, bi-stream with ConnectionSetupRequest,
 * SubscribeServiceRequest, an answer with the same requestId to every server request on the stream
 * (NotifySubscriberRequest, ClientDetectionRequest), and a HealthCheckRequest after 5 s without traffic. What it
 * leaves out is the client's own work per push (its cache files, event thread and listener executor): the time
 * it reports is when the push arrived on the connection, right after which it is acknowledged.
 * <p>
 * Each instance is one gRPC channel, so one TCP connection and one server-side client; all channels share
 * grpc-java's event-loop threads, and stream callbacks run on them directly.
 */
final class RawSubscriber implements PushSubscriber, AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long CALL_TIMEOUT_MILLIS = 15_000;
    private static final long KEEP_ALIVE_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final String SERVER_CHECK = "{\"headers\":{},\"module\":\"internal\"}";

    private record Subscription(String publisherIp, int publisherPort, SeqListener listener) {
    }

    private final ManagedChannel channel;
    private final RequestGrpc.RequestFutureStub unary;
    private final CompletableFuture<Void> setupAck = new CompletableFuture<>();
    private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
    private final AtomicLong lastActiveNanos = new AtomicLong(System.nanoTime());
    private StreamObserver<Payload> stream;

    private RawSubscriber(String host, int grpcPort) {
        this.channel = ManagedChannelBuilder.forAddress(host, grpcPort).usePlaintext().directExecutor()
                .maxInboundMessageSize(16 * 1024 * 1024).build();
        this.unary = RequestGrpc.newFutureStub(channel);
    }

    /** {@link #open(String, int)} to the gRPC port of the server at {@code host:mainPort}. */
    static RawSubscriber open(String serverAddr) throws Exception {
        int colon = serverAddr.lastIndexOf(':');
        return open(serverAddr.substring(0, colon), Integer.parseInt(serverAddr.substring(colon + 1)) + 1000);
    }

    /** Connects and sets the connection up as the real client does; throws if the server does not ack in time. */
    static RawSubscriber open(String host, int grpcPort) throws Exception {
        RawSubscriber subscriber = new RawSubscriber(host, grpcPort);
        try {
            JsonNode check = subscriber.call("ServerCheckRequest", SERVER_CHECK);
            if (check.path("resultCode").asInt() != 200) {
                throw new IllegalStateException("server check refused: " + check);
            }
            subscriber.setUp();
            return subscriber;
        } catch (Exception | Error e) {
            subscriber.close();
            throw e;
        }
    }

    private void setUp() throws Exception {
        stream = BiRequestStreamGrpc.newStub(channel).requestBiStream(new StreamObserver<>() {
            @Override
            public void onNext(Payload payload) {
                onServerRequest(payload, System.nanoTime());
            }

            @Override
            public void onError(Throwable t) {
                setupAck.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {
                setupAck.completeExceptionally(new IllegalStateException("stream closed by the server"));
            }
        });
        send(payload("ConnectionSetupRequest", "{\"headers\":{},\"clientVersion\":\"Nacos-Java-Client:v2.5.1\","
                + "\"labels\":{\"source\":\"sdk\",\"module\":\"naming\"},\"abilityTable\":{},\"module\":\"internal\"}"));
        setupAck.get(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void subscribe(String service, String group, String publisherIp, int publisherPort, SeqListener listener)
            throws Exception {
        subscriptions.put(group + "@@" + service, new Subscription(publisherIp, publisherPort, listener));
        ObjectNode body = JSON.createObjectNode();
        body.set("headers", JSON.createObjectNode());
        body.put("namespace", "public").put("serviceName", service).put("groupName", group)
                .put("subscribe", true).put("clusters", "").put("module", "naming");
        JsonNode answer = call("SubscribeServiceRequest", JSON.writeValueAsString(body));
        if (answer.path("resultCode").asInt() != 200) {
            throw new IllegalStateException("subscribe refused: " + answer);
        }
        // The answer carries the current list, as a push would; the real client hands it to its listener too.
        report(answer.path("serviceInfo"), System.nanoTime());
    }

    /** One ServerCheckRequest on this connection; whether it was answered 200. */
    boolean serverCheck() throws Exception {
        return call("ServerCheckRequest", SERVER_CHECK).path("resultCode").asInt() == 200;
    }

    /** Registers one ephemeral instance for this connection into {@code service} (InstanceRequest). */
    void register(String service, String group, String ip, int port, Map<String, String> metadata) throws Exception {
        ObjectNode body = naming(service, group).put("type", "registerInstance");
        body.set("instance", instance(ip, port, metadata));
        expectOk("InstanceRequest", body);
    }

    /** Registers {@code ports.length} instances at {@code ip} for this connection (BatchInstanceRequest). */
    void batchRegister(String service, String group, String ip, int... ports) throws Exception {
        ObjectNode body = naming(service, group).put("type", "batchRegisterInstance");
        var instances = body.putArray("instances");
        for (int port : ports) {
            instances.add(instance(ip, port, Map.of()));
        }
        expectOk("BatchInstanceRequest", body);
    }

    private static ObjectNode naming(String service, String group) {
        ObjectNode body = JSON.createObjectNode();
        body.set("headers", JSON.createObjectNode());
        body.put("namespace", "public").put("serviceName", service).put("groupName", group).put("module", "naming");
        return body;
    }

    private static ObjectNode instance(String ip, int port, Map<String, String> metadata) {
        ObjectNode instance = JSON.createObjectNode().put("ip", ip).put("port", port).put("weight", 1.0)
                .put("healthy", true).put("enabled", true).put("ephemeral", true).put("clusterName", "DEFAULT");
        ObjectNode meta = instance.putObject("metadata");
        metadata.forEach(meta::put);
        return instance;
    }

    private void expectOk(String type, ObjectNode body) throws Exception {
        JsonNode answer = call(type, JSON.writeValueAsString(body));
        if (answer.path("resultCode").asInt() != 200) {
            throw new IllegalStateException(type + " refused: " + answer);
        }
    }

    /** Sends a HealthCheckRequest if nothing went either way for 5 s, as the real client's keep-alive does. */
    void keepAlive() {
        if (System.nanoTime() - lastActiveNanos.get() >= KEEP_ALIVE_NANOS) {
            lastActiveNanos.set(System.nanoTime());
            unary.withDeadlineAfter(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                    .request(payload("HealthCheckRequest", "{\"headers\":{},\"module\":\"internal\"}"));
        }
    }

    private void onServerRequest(Payload payload, long arrivalNanos) {
        lastActiveNanos.set(arrivalNanos);
        String type = payload.getMetadata().getType();
        if ("SetupAckRequest".equals(type)) {
            setupAck.complete(null);
            return;
        }
        JsonNode body;
        try {
            body = JSON.readTree(payload.getBody().getValue().toByteArray());
        } catch (IOException e) {
            return; // not ours to judge here; an unanswered request is the server's to time out
        }
        if (type.endsWith("Request")) {
            send(payload(type.substring(0, type.length() - "Request".length()) + "Response",
                    "{\"resultCode\":200,\"errorCode\":0,\"requestId\":"
                            + JSON.getNodeFactory().textNode(body.path("requestId").asText("")) + ",\"success\":true}"));
        }
        if ("NotifySubscriberRequest".equals(type)) {
            report(body.path("serviceInfo"), arrivalNanos);
        }
    }

    private void report(JsonNode serviceInfo, long arrivalNanos) {
        String service = serviceInfo.path("name").asText("");
        String group = serviceInfo.path("groupName").asText("");
        Subscription subscription = subscriptions.get(service.contains("@@") ? service : group + "@@" + service);
        if (subscription == null) {
            return;
        }
        int seq = -2;
        for (JsonNode host : serviceInfo.path("hosts")) {
            if (subscription.publisherIp().equals(host.path("ip").asText())
                    && host.path("port").asInt() == subscription.publisherPort()) {
                seq = PushSubscriber.parseSeq(host.path("metadata").path(PushLatencyPhase.SEQ).asText(null));
                break;
            }
        }
        subscription.listener().seen(seq, arrivalNanos);
    }

    private JsonNode call(String type, String body) throws Exception {
        lastActiveNanos.set(System.nanoTime());
        Payload answer = unary.withDeadlineAfter(CALL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
                .request(payload(type, body)).get(CALL_TIMEOUT_MILLIS + 1_000, TimeUnit.MILLISECONDS);
        return JSON.readTree(answer.getBody().getValue().toByteArray());
    }

    private synchronized void send(Payload payload) {
        if (stream != null) {
            stream.onNext(payload);
        }
    }

    private static Payload payload(String type, String body) {
        return Payload.newBuilder()
                .setMetadata(Metadata.newBuilder().setType(type).setClientIp("127.0.0.1"))
                .setBody(Any.newBuilder().setValue(ByteString.copyFromUtf8(body)))
                .build();
    }

    /** Half-closes the stream as the real client does on shutdown, then ends the connection (bounded). */
    @Override
    public void close() {
        synchronized (this) {
            if (stream != null) {
                try {
                    stream.onCompleted();
                } catch (RuntimeException ignored) {
                    // the stream may already have failed; the channel shutdown releases it anyway
                }
                stream = null;
            }
        }
        channel.shutdownNow();
        try {
            channel.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
