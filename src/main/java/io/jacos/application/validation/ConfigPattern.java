package io.jacos.application.validation;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A search pattern for configuration data ids or groups: the characters a data id may hold, and {@code *} for any
 * run of them; at most 256.
 */
@Documented
@Constraint(validatedBy = ConfigPattern.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface ConfigPattern {

    String message() default "at most 256 letters, digits, '-', '_', ':', '.' or '*'";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check extends TextRule<ConfigPattern> {
        private static final CharClass ALLOWED = new CharClass("[a-zA-Z0-9\\-_:.*]");

        @Override
        boolean accepts(String value) {
            return matches(value.trim(), 256, ALLOWED);
        }
    }
}
