package io.jacos.transport.http;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an instance write: besides the per-IP request limit every call meets, it counts against the per-IP
 * registration limit ({@link RegistrationLimit}), which gRPC registrations share.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface CountsAsRegistration {

    /** A parameter the call must carry to count (a beat registers only when it carries its full {@code beat}). */
    String onlyWith() default "";
}
