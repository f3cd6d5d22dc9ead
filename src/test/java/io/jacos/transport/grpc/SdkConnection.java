package io.jacos.transport.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import io.jacos.transport.grpc.proto.BiRequestStreamGrpc;
import io.jacos.transport.grpc.proto.Metadata;
import io.jacos.transport.grpc.proto.Payload;
import io.jacos.transport.grpc.proto.RequestGrpc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One SDK connection on an in-process channel, sending payloads as nacos-client 2.x builds them: the simple type
 * name and the client IP in the metadata, UTF-8 JSON in an {@code Any} without a type URL. Server requests on the
 * stream are kept and answered with success, as the client answers them.
 */
final class SdkConnection {

    static final ObjectMapper JSON = new ObjectMapper();
    /** The ConnectionSetupRequest body nacos-client 2.5.1 sends. */
    static final String SETUP = "{\"headers\":{},\"clientVersion\":\"Nacos-Java-Client:v2.5.1\","
            + "\"labels\":{\"source\":\"sdk\",\"module\":\"naming\"},\"abilityTable\":{},\"module\":\"internal\"}";
    private static final String INTERNAL = "{\"headers\":{},\"module\":\"internal\"}";

    /** An answer: the payload's {@code metadata.type} and its JSON body. */
    record Reply(String type, JsonNode body) {

        int resultCode() {
            return body.path("resultCode").asInt(-1);
        }

        int errorCode() {
            return body.path("errorCode").asInt(-1);
        }

        String message() {
            return body.path("message").asText("");
        }
    }

    private final RequestGrpc.RequestBlockingStub unary;
    private final ManagedChannel channel;
    private final List<Payload> pushed = new CopyOnWriteArrayList<>();
    private volatile boolean streamEnded;
    private StreamObserver<Payload> stream;
    private String connectionId;

    SdkConnection(ManagedChannel channel) {
        this.channel = channel;
        this.unary = RequestGrpc.newBlockingStub(channel);
    }

    void serverCheck() {
        Reply reply = request("ServerCheckRequest", INTERNAL);
        if (!"ServerCheckResponse".equals(reply.type())) {
            throw new IllegalStateException("server check refused: " + reply);
        }
        connectionId = reply.body().path("connectionId").asText();
    }

    /** Opens the bi-stream and sends the setup; the in-process server answers on this thread. */
    void setUp() {
        stream = BiRequestStreamGrpc.newStub(channel).requestBiStream(new StreamObserver<>() {
            @Override
            public void onNext(Payload payload) {
                pushed.add(payload);
                String type = payload.getMetadata().getType();
                if (type.endsWith("Request") && !"SetupAckRequest".equals(type)) {
                    String requestId = parse(payload).path("requestId").asText("");
                    stream.onNext(payload(type.replaceFirst("Request$", "Response"),
                            "{\"resultCode\":200,\"requestId\":\"" + requestId + "\",\"success\":true}"));
                }
            }

            @Override
            public void onError(Throwable t) {
                streamEnded = true;
            }

            @Override
            public void onCompleted() {
                streamEnded = true;
            }
        });
        stream.onNext(payload("ConnectionSetupRequest", SETUP));
        if (pushed.stream().noneMatch(p -> "SetupAckRequest".equals(p.getMetadata().getType()))) {
            throw new IllegalStateException("no SetupAckRequest; stream ended: " + streamEnded);
        }
    }

    /** Ends the bi-stream as a client that shuts down does. */
    void completeStream() {
        stream.onCompleted();
    }

    String id() {
        return connectionId;
    }

    /** What the server sent on the stream, of one type. */
    List<JsonNode> pushed(String type) {
        return pushed.stream().filter(p -> type.equals(p.getMetadata().getType())).map(SdkConnection::parse).toList();
    }

    Reply request(String type, String body) {
        return request(payload(type, body));
    }

    Reply request(String type, JsonNode body) {
        return request(type, body.toString());
    }

    Reply request(String type, JsonNode body, Map<String, String> headers) {
        Payload plain = payload(type, body.toString());
        return request(plain.toBuilder().setMetadata(plain.getMetadata().toBuilder().putAllHeaders(headers)).build());
    }

    Reply request(Payload payload) {
        Payload answer = unary.request(payload);
        return new Reply(answer.getMetadata().getType(), parse(answer));
    }

    static Payload payload(String type, String body) {
        return payload(type, ByteString.copyFromUtf8(body));
    }

    static Payload payload(String type, ByteString body) {
        return Payload.newBuilder().setMetadata(Metadata.newBuilder().setType(type).setClientIp("127.0.0.1"))
                .setBody(Any.newBuilder().setValue(body)).build();
    }

    static ObjectNode object() {
        return JSON.createObjectNode();
    }

    private static JsonNode parse(Payload payload) {
        try {
            return JSON.readTree(payload.getBody().getValue().toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable " + payload.getMetadata().getType() + " body", e);
        }
    }
}
