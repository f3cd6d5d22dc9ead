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
 * An instance weight from 0 to 10000, the Nacos server range. Missing means 1.0. Written out rather than as
 * {@code @DecimalMin}/{@code @DecimalMax} so that NaN, which compares false with everything, is refused plainly.
 */
@Documented
@Constraint(validatedBy = Weight.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface Weight {

    double MAX = 10000.0;

    String message() default "0.0 to 10000.0";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<Weight, Double> {
        @Override
        public boolean isValid(Double value, ConstraintValidatorContext context) {
            return value == null || (value >= 0 && value <= MAX);
        }
    }
}
