package io.jacos.application.validation;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

import java.lang.annotation.Annotation;

/**
 * Base of the text constraints. A missing or blank value passes: either a Nacos default replaces it or
 * {@link Required} refuses it, so each rule judges only text that is really there.
 */
abstract class TextRule<A extends Annotation> implements ConstraintValidator<A, String> {

    @Override
    public final boolean isValid(String value, ConstraintValidatorContext context) {
        return value == null || value.isBlank() || accepts(value);
    }

    abstract boolean accepts(String value);

    /** Whole-value match of a length bound and a character class, the shape of most Nacos name rules. */
    static boolean matches(String value, int maxLength, CharClass allowed) {
        return value.length() <= maxLength && allowed.containsOnly(value);
    }
}
