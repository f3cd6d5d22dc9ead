package io.jacos.application.validation;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A Nacos group name: at most 128 letters, digits, '-', '_', ':' or '.'. Blank means {@code DEFAULT_GROUP}. */
@Documented
@Constraint(validatedBy = GroupName.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface GroupName {

    String message() default "at most 128 letters, digits, '-', '_', ':' or '.'";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check extends TextRule<GroupName> {
        private static final CharClass ALLOWED = new CharClass("[a-zA-Z0-9\\-_:.]");

        @Override
        boolean accepts(String value) {
            return matches(value, 128, ALLOWED);
        }
    }
}
