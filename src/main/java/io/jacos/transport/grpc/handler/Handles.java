package io.jacos.transport.grpc.handler;

import io.jacos.auth.Need;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a {@link RequestHandler} serves, said once: the request's {@code metadata.type}, the class its body is
 * decoded into, the answer's {@code metadata.type} (refusals too are answered in it, so the client's type check
 * still passes) and what the handler needs of the caller's token when auth is on. READ and WRITE are checked in
 * the namespace of the decoded body ({@link io.jacos.transport.grpc.dto.NamespacedBody}), the same body the
 * handler then reads. The dispatcher refuses to serve a handler without it. Inherited, so the container's proxies
 * of a handler carry it.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Handles {

    /** The {@code metadata.type} of the request, e.g. {@code InstanceRequest}. */
    String request();

    /** The class the request's body is decoded into: the handler's first type argument. */
    Class<?> body();

    /** The {@code metadata.type} of the answer, e.g. {@code InstanceResponse}. */
    String response();

    Need access();
}
