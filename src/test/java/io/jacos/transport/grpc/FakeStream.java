package io.jacos.transport.grpc;

import io.grpc.stub.ServerCallStreamObserver;
import io.jacos.transport.grpc.proto.Payload;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A server stream whose readiness the test sets; it keeps every message written to it. */
final class FakeStream extends ServerCallStreamObserver<Payload> {

    final List<Payload> written = new CopyOnWriteArrayList<>();
    volatile boolean ready = true;
    volatile boolean completed;
    /** How often the stream was ended, completed or failed: a real one allows once. */
    volatile int ends;
    volatile Throwable failure;

    @Override
    public boolean isCancelled() {
        return false;
    }

    @Override
    public void setOnCancelHandler(Runnable onCancelHandler) {
    }

    @Override
    public void setCompression(String compression) {
    }

    @Override
    public boolean isReady() {
        return ready;
    }

    @Override
    public void setOnReadyHandler(Runnable onReadyHandler) {
    }

    @Override
    public void request(int count) {
    }

    @Override
    public void setMessageCompression(boolean enable) {
    }

    @Override
    public void disableAutoInboundFlowControl() {
    }

    @Override
    public void onNext(Payload value) {
        written.add(value);
    }

    @Override
    public void onError(Throwable t) {
        completed = true;
        failure = t;
        ends++;
    }

    @Override
    public void onCompleted() {
        completed = true;
        ends++;
    }
}
