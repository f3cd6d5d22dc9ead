package io.jacos.application.validation;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An instance address as Nacos accepts it: at most 128 characters without whitespace or CJK characters. Host
 * names with '_' and odd forms such as {@code 999.1.1.1} pass on purpose: the real client re-sends a refused
 * registration every 3 s for ever, so nothing Nacos would take may be refused here.
 */
@Documented
@Constraint(validatedBy = InstanceIp.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface InstanceIp {

    String message() default "at most 128 characters, no whitespace or CJK characters";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check extends TextRule<InstanceIp> {
        // Exactly what the Nacos param checker refuses, nothing more: its whitespace class and CJK range.
        private static final CharClass ILLEGAL = new CharClass("[\\s\\u4E00-\\u9FA5]");

        @Override
        boolean accepts(String value) {
            return value.length() <= 128 && !ILLEGAL.occursIn(value);
        }
    }
}
