package io.jacos.transport.grpc.handler;

/**
 * Handles one gRPC request type. The dispatcher decodes the body into {@link #requestClass()}, calls
 * {@link #handle}, and encodes the result as {@link #responseType()}. A refused request (bad parameters) is
 * answered with the same response type, so the client's type check still passes.
 */
public interface RequestHandler<R> {

    /** The {@code metadata.type} this handler serves, e.g. {@code InstanceRequest}. */
    String requestType();

    Class<R> requestClass();

    /** The {@code metadata.type} of the answer, e.g. {@code InstanceResponse}. */
    String responseType();

    Object handle(R request, RequestContext context);
}
