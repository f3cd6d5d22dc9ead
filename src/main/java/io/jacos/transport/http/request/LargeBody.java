package io.jacos.transport.http.request;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A method whose form body may be as large as a configuration publish needs ({@code jacos.config.max-body-bytes})
 * rather than {@code jacos.http.max-body-bytes}, which bounds every other request.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface LargeBody {
}
