package io.jacos.application.validation;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A Nacos namespace id: at most 64 word characters or '-'. Blank means {@code public}. */
@Documented
@Constraint(validatedBy = NamespaceId.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface NamespaceId {

    String message() default "at most 64 letters, digits, '_' or '-'";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check extends TextRule<NamespaceId> {
        private static final CharClass ALLOWED = new CharClass("[\\w-]");

        @Override
        boolean accepts(String value) {
            return matches(value, 64, ALLOWED);
        }
    }
}
