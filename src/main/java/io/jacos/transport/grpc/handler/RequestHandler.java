package io.jacos.transport.grpc.handler;

import io.jacos.transport.grpc.PayloadCodec;
import io.jacos.transport.grpc.proto.Payload;

/**
 * Handles one gRPC request type. The dispatcher decodes the body into {@link #requestClass()}, calls
 * {@link #handle}, and sends {@link #encode} of the answer as {@link #responseType()}. A refused request (bad
 * parameters) is answered with the same response type, so the client's type check still passes.
 *
 * @param <R> the request body
 * @param <A> the typed answer
 */
public interface RequestHandler<R, A> {

    /** The {@code metadata.type} this handler serves, e.g. {@code InstanceRequest}. */
    String requestType();

    Class<R> requestClass();

    /** The {@code metadata.type} of the answer, e.g. {@code InstanceResponse}. */
    String responseType();

    A handle(R request, RequestContext context);

    /** The answer as a payload: its JSON, unless a handler holds it already encoded. */
    default Payload encode(A answer, PayloadCodec codec) {
        return codec.encode(responseType(), answer);
    }
}
