package io.jacos.transport.http.forward;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a 1.x instance write that, in cluster mode, the node responsible for the instance's {@code ip:port} must
 * handle ({@link ForwardRule}); {@link ResponsibleNodeForwarding} relays it there.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ForwardToResponsible {

    Key value();

    /** Where the instance's ip and port are read. */
    enum Key {
        /** The {@code ip} and {@code port} parameters (register, update, deregister). */
        INSTANCE,
        /** The full beat's JSON when there is one, else the {@code ip} and {@code port} parameters. */
        BEAT
    }
}
