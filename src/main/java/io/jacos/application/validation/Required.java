package io.jacos.application.validation;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value must be present: not null, and for text not blank in the sense of {@link String#isBlank()}, the
 * same test that decides elsewhere whether a Nacos default applies. Reported as "Param 'x' is required."
 */
@Documented
@Constraint(validatedBy = Required.Check.class)
@Target({ElementType.FIELD, ElementType.TYPE_USE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface Required {

    String message() default "required";

    /** The parameter to name in the message, where the path has none of its own (a list element). */
    String param() default "";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<Required, Object> {
        @Override
        public boolean isValid(Object value, ConstraintValidatorContext context) {
            return value instanceof CharSequence text ? !text.toString().isBlank() : value != null;
        }
    }
}
