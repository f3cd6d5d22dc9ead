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
import java.util.Map;

/**
 * Instance metadata as Nacos accepts it: no null keys or values, and the preserved heart-beat settings, when
 * given, are numbers of milliseconds with timeout and delete timeout not below the interval. Its total size is
 * a configured limit, checked after this rule.
 */
@Documented
@WholeMessage
@Constraint(validatedBy = InstanceMetadata.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface InstanceMetadata {

    String HEART_BEAT_INTERVAL = "preserved.heart.beat.interval";
    String HEART_BEAT_TIMEOUT = "preserved.heart.beat.timeout";
    String IP_DELETE_TIMEOUT = "preserved.ip.delete.timeout";

    String message() default "Instance 'heart beat timeout' and 'ip delete timeout' must not be smaller than "
            + "'heart beat interval'.";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<InstanceMetadata, Map<String, String>> {

        private static final String NULLS = "Param 'metadata' is illegal: null keys or values are not allowed.";

        @Override
        public boolean isValid(Map<String, String> metadata, ConstraintValidatorContext context) {
            if (metadata == null || metadata.isEmpty()) {
                return true;
            }
            for (Map.Entry<String, String> e : metadata.entrySet()) {
                if (e.getKey() == null || e.getValue() == null) {
                    return refuse(context, NULLS);
                }
            }
            Long interval = millis(metadata, HEART_BEAT_INTERVAL, 5000);
            Long timeout = millis(metadata, HEART_BEAT_TIMEOUT, 15000);
            Long delete = millis(metadata, IP_DELETE_TIMEOUT, 30000);
            if (interval == null || timeout == null || delete == null) {
                String key = interval == null ? HEART_BEAT_INTERVAL : timeout == null ? HEART_BEAT_TIMEOUT
                        : IP_DELETE_TIMEOUT;
                return refuse(context, "Metadata '" + key + "' must be a number of milliseconds.");
            }
            return timeout >= interval && delete >= interval;
        }

        /** The value in ms, the Nacos default when blank, or null when it is not a number. */
        private static Long millis(Map<String, String> metadata, String key, long fallback) {
            String value = metadata.get(key);
            if (value == null || value.isBlank()) {
                return fallback;
            }
            try {
                return Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }

        // The templates hold no client text, so interpolation cannot be steered by input.
        private static boolean refuse(ConstraintValidatorContext context, String message) {
            context.disableDefaultConstraintViolation();
            context.buildConstraintViolationWithTemplate(message).addConstraintViolation();
            return false;
        }
    }
}
