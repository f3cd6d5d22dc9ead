package io.jacos.transport.grpc;

import io.grpc.stub.StreamObserver;
import io.jacos.transport.grpc.proto.Payload;
import io.jacos.transport.grpc.proto.RequestGrpc;

/** The {@code /Request/request} RPC: every unary SDK request goes through the dispatcher. */
final class UnaryRequestService extends RequestGrpc.RequestImplBase {

    private final RequestDispatcher dispatcher;

    UnaryRequestService(RequestDispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @Override
    public void request(Payload request, StreamObserver<Payload> response) {
        response.onNext(dispatcher.dispatch(ConnectionMeta.current(), request));
        response.onCompleted();
    }
}
