package io.jacos.transport.grpc;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.jacos.transport.grpc.proto.Payload;
import io.jacos.transport.grpc.proto.RequestGrpc;

/**
 * The {@code /Request/request} RPC: every unary SDK request goes through the dispatcher; bytes that are no Payload
 * ({@link PayloadMarshaller}) fail the call with {@code INVALID_ARGUMENT}.
 */
final class UnaryRequestService extends RequestGrpc.RequestImplBase {

    static final Status NOT_A_PAYLOAD = Status.INVALID_ARGUMENT.withDescription("The message is not a Nacos payload.");

    private final RequestDispatcher dispatcher;

    UnaryRequestService(RequestDispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @Override
    public void request(Payload request, StreamObserver<Payload> response) {
        if (PayloadMarshaller.isUnreadable(request)) {
            response.onError(NOT_A_PAYLOAD.asRuntimeException());
            return;
        }
        response.onNext(dispatcher.dispatch(ConnectionMeta.current(), request));
        response.onCompleted();
    }
}
