package io.jacos.transport.grpc;

import io.grpc.BindableService;
import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.ProtoUtils;
import io.jacos.transport.grpc.proto.Metadata;
import io.jacos.transport.grpc.proto.Payload;

import java.io.InputStream;

/**
 * Reads the {@link Payload} messages of both RPCs, and hands the services {@link #UNREADABLE} for bytes that are no
 * Payload instead of failing. grpc-java fails such a call itself, but logs every one as SEVERE with a stack trace,
 * so any client could fill the log with garbage; the services answer it instead ({@code INVALID_ARGUMENT}).
 */
final class PayloadMarshaller implements MethodDescriptor.Marshaller<Payload> {

    /** What an unreadable message reads as; compared by identity, so no message a client sends equals it. */
    static final Payload UNREADABLE = Payload.newBuilder().setMetadata(Metadata.newBuilder()
            .setType("(not a payload)")).build();

    private static final MethodDescriptor.Marshaller<Payload> PROTOBUF = ProtoUtils.marshaller(
            Payload.getDefaultInstance());
    private static final PayloadMarshaller INSTANCE = new PayloadMarshaller();

    private PayloadMarshaller() {
    }

    static boolean isUnreadable(Payload payload) {
        return payload == UNREADABLE;
    }

    /** The service with every method reading its requests through this marshaller; all else as it was. */
    static ServerServiceDefinition tolerant(BindableService service) {
        ServerServiceDefinition bound = service.bindService();
        ServerServiceDefinition.Builder builder = ServerServiceDefinition.builder(
                bound.getServiceDescriptor().getName());
        for (ServerMethodDefinition<?, ?> method : bound.getMethods()) {
            builder.addMethod(tolerant(method));
        }
        return builder.build();
    }

    /** Both services take and answer Payloads only, so a method's request type is Payload. */
    @SuppressWarnings("unchecked")
    private static <R> ServerMethodDefinition<Payload, R> tolerant(ServerMethodDefinition<?, R> method) {
        ServerMethodDefinition<Payload, R> payloads = (ServerMethodDefinition<Payload, R>) method;
        MethodDescriptor<Payload, R> descriptor = payloads.getMethodDescriptor();
        return ServerMethodDefinition.create(descriptor.toBuilder(INSTANCE, descriptor.getResponseMarshaller())
                .build(), payloads.getServerCallHandler());
    }

    @Override
    public InputStream stream(Payload value) {
        return PROTOBUF.stream(value);
    }

    @Override
    public Payload parse(InputStream stream) {
        try {
            return PROTOBUF.parse(stream);
        } catch (StatusRuntimeException e) {
            return UNREADABLE;
        }
    }
}
