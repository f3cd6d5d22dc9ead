package io.jacos.application.validation;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A Nacos cluster name: at most 64 letters, digits, '-' or '_'. Blank means {@code DEFAULT}. */
@Documented
@Constraint(validatedBy = InstanceClusterName.Check.class)
@Target({ElementType.FIELD, ElementType.TYPE_USE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface InstanceClusterName {

    String message() default "at most 64 letters, digits, '-' or '_'";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check extends TextRule<InstanceClusterName> {
        private static final CharClass ALLOWED = new CharClass("[0-9a-zA-Z\\-_]");

        @Override
        boolean accepts(String value) {
            return matches(value, 64, ALLOWED);
        }
    }
}
