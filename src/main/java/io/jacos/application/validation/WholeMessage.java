package io.jacos.application.validation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a constraint annotation whose violation message is already the complete sentence to send back,
 * instead of the "expected ..." part of a "Param 'x' is illegal" message. (Not a {@code Payload}: Bean
 * Validation requires a constraint's payload to default to empty.)
 */
@Documented
@Target(ElementType.ANNOTATION_TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface WholeMessage {
}
