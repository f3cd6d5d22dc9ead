package io.jacos.it.fuzz;

import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.jacos.it.support.RawNacosConnection;
import io.jacos.transport.grpc.proto.BiRequestStreamGrpc;
import io.jacos.transport.grpc.proto.Payload;
import io.jacos.transport.grpc.proto.RequestGrpc;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A fresh TCP connection with one bi-stream on which a test writes any bytes as messages, for hostile connection
 * setups: what the server sends back is counted ({@code SetupAckRequest}s) and how the stream ended is kept. Unary
 * requests go over the same connection, so they meet the server's record of it.
 */
final class SetupStream implements AutoCloseable {

    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };
    private static final MethodDescriptor<byte[], byte[]> BI_STREAM = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.BIDI_STREAMING)
            .setFullMethodName(MethodDescriptor.generateFullMethodName(BiRequestStreamGrpc.SERVICE_NAME,
                    "requestBiStream"))
            .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
    private static final long CALL_SECONDS = 30;

    private final ManagedChannel channel;
    private final ClientCall<byte[], byte[]> call;
    private final CompletableFuture<Status> ended = new CompletableFuture<>();
    private CompletableFuture<Integer> acksReached = new CompletableFuture<>();
    private int acks;
    private int acksWanted = Integer.MAX_VALUE;

    SetupStream(int grpcPort) {
        channel = ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext()
                .maxInboundMessageSize(16 * 1024 * 1024).build();
        call = channel.newCall(BI_STREAM, CallOptions.DEFAULT);
    }

    /** Opens the stream (before it, when asked, the server check every client makes first). */
    void start(boolean serverCheck) {
        if (serverCheck) {
            unary(RawNacosConnection.payload("ServerCheckRequest", "{\"headers\":{},\"module\":\"internal\"}"));
        }
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(byte[] message) {
                try {
                    if ("SetupAckRequest".equals(Payload.parseFrom(message).getMetadata().getType())) {
                        acked();
                    }
                } catch (InvalidProtocolBufferException e) {
                    ended.complete(Status.INTERNAL.withDescription("the server sent what is not a Payload"));
                }
                call.request(1);
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                ended.complete(status);
            }
        }, new Metadata());
        call.request(1);
    }

    void send(byte[] message) {
        call.sendMessage(message);
    }

    private synchronized void acked() {
        acks++;
        if (acks >= acksWanted) {
            acksReached.complete(acks);
        }
    }

    synchronized int acks() {
        return acks;
    }

    /** Completes once {@code count} acks came in all (or the stream ended first: check {@link #ended()}). */
    CompletableFuture<Object> untilAcks(int count) {
        synchronized (this) {
            acksWanted = count;
            acksReached = new CompletableFuture<>();
            if (acks >= count) {
                acksReached.complete(acks);
            }
        }
        return CompletableFuture.anyOf(acksReached, ended);
    }

    /** How the stream ended; completes when it has. */
    CompletableFuture<Status> ended() {
        return ended;
    }

    void halfClose() {
        call.halfClose();
    }

    void cancel() {
        call.cancel("the fuzz case ends", null);
    }

    /** A unary request on this connection; its answer. */
    Payload unary(Payload request) {
        return RequestGrpc.newBlockingStub(channel).withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS).request(request);
    }

    /** Drops the TCP connection at once, whatever the stream's state. */
    @Override
    public void close() {
        channel.shutdownNow();
        try {
            channel.awaitTermination(CALL_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
