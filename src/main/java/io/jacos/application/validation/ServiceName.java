package io.jacos.application.validation;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A bare Nacos service name: at most 512 characters, not starting with '@', no '@@' (the group separator, which
 * would make the grouped name ambiguous), no whitespace, CJK or control characters.
 */
@Documented
@Constraint(validatedBy = ServiceName.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface ServiceName {

    String message() default "at most 512 characters, no whitespace, no '@@', not starting with '@'";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check extends TextRule<ServiceName> {
        private static final CharClass ILLEGAL = new CharClass("[\\s\\p{IsHan}\\p{Cntrl}]");

        @Override
        boolean accepts(String value) {
            return value.length() <= 512 && !value.startsWith("@") && !value.contains("@@")
                    && !ILLEGAL.occursIn(value);
        }
    }
}
