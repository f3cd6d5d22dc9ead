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
 * A configuration's content: at most {@link #MAX_CHARS} characters (Nacos's default {@code maxContent}, 10 MiB of
 * characters). Blank content is refused by {@link Required} beside it, as Nacos refuses it.
 */
@Documented
@Constraint(validatedBy = ConfigContent.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@WholeMessage
public @interface ConfigContent {

    int MAX_CHARS = 10 * 1024 * 1024;

    String message() default "Param 'content' is illegal: more than 10485760 characters.";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<ConfigContent, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || value.length() <= MAX_CHARS;
        }
    }
}
