package io.jacos.transport.grpc.handler;

import io.jacos.transport.grpc.PayloadCodec;
import io.jacos.transport.grpc.proto.Payload;

/**
 * Handles one gRPC request type, which its {@link Handles} declares with the body class, the answer's type and
 * the access it needs. The dispatcher decodes the body, calls {@link #handle}, and sends {@link #encode} of the
 * answer.
 *
 * @param <R> the request body
 * @param <A> the typed answer
 */
public interface RequestHandler<R, A> {

    A handle(R request, RequestContext context);

    /** The answer as a payload of {@code responseType}: its JSON, unless a handler holds it already encoded. */
    default Payload encode(A answer, String responseType, PayloadCodec codec) {
        return codec.encode(responseType, answer);
    }

    /** What the handler declares; the dispatcher serves none that declares nothing. */
    static Handles declared(RequestHandler<?, ?> handler) {
        Handles handles = handler.getClass().getAnnotation(Handles.class);
        if (handles == null) {
            throw new IllegalStateException(handler.getClass().getName() + " declares no @Handles");
        }
        return handles;
    }
}
