package io.jacos.transport.http.request;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks resources whose requests carry JSON bodies (the admin API): a body there must be {@code application/json}
 * in UTF-8, whatever the method, and is not read as a form. A method that {@code @Consumes} JSON counts too.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface JsonBodies {
}
