package io.jacos.transport.grpc.handler;

import io.jacos.auth.Need;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a request handler needs of the caller's token when auth is on. READ and WRITE are checked in the namespace
 * of the decoded request body ({@link io.jacos.transport.grpc.dto.NamespacedBody}), the same body the handler then
 * reads. A handler without it is refused to everyone. Inherited, so the container's proxies of a handler carry it.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface HandlerAccess {
    Need value();
}
