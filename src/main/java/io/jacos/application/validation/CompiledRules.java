package io.jacos.application.validation;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.Validator;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.groups.Default;
import jakarta.validation.metadata.BeanDescriptor;
import jakarta.validation.metadata.ConstraintDescriptor;
import jakarta.validation.metadata.ContainerElementTypeDescriptor;
import jakarta.validation.metadata.PropertyDescriptor;

import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The declared constraints of each input record, read once from the validator's metadata and kept as plain
 * checks, so an input that satisfies them all costs a few comparisons instead of a full validation pass. It only
 * ever says "passes" or "not sure": when a check fails, or a record declares something these checks do not
 * cover, the full validation runs and makes the refusal. So the annotations stay the one statement of the rules.
 */
final class CompiledRules {

    private static final Predicate<Object> UNCOVERED = value -> false;

    private final Validator validator;
    // Keyed by input record classes, which only the code declares: a client cannot add to it.
    private final Map<Class<?>, Predicate<Object>> byType = new ConcurrentHashMap<>();

    CompiledRules(Validator validator) {
        this.validator = validator;
    }

    /** True when the input certainly satisfies its constraints; false when the full validation must decide. */
    boolean passes(Object input) {
        return input != null && byType.computeIfAbsent(input.getClass(), this::compile).test(input);
    }

    private Predicate<Object> compile(Class<?> type) {
        BeanDescriptor bean = validator.getConstraintsForClass(type);
        if (!type.isRecord() || !bean.getConstraintDescriptors().isEmpty()) {
            return UNCOVERED;
        }
        List<Predicate<Object>> checks = new ArrayList<>();
        for (PropertyDescriptor property : bean.getConstrainedProperties()) {
            Function<Object, Object> read = accessor(type, property.getPropertyName());
            Predicate<Object> valueCheck = valueCheck(property.getConstraintDescriptors(), property.isCascaded());
            Predicate<Object> elementCheck = elementCheck(property.getConstrainedContainerElementTypes());
            if (read == null || valueCheck == null || elementCheck == null) {
                return UNCOVERED;
            }
            checks.add(input -> {
                Object value = read.apply(input);
                return valueCheck.test(value) && elementCheck.test(value);
            });
        }
        return input -> {
            for (Predicate<Object> check : checks) {
                if (!check.test(input)) {
                    return false;
                }
            }
            return true;
        };
    }

    /** A value's own constraints and, with {@code @Valid}, its record's; null when one is not covered here. */
    private Predicate<Object> valueCheck(Set<ConstraintDescriptor<?>> constraints, boolean cascaded) {
        List<Predicate<Object>> rules = new ArrayList<>();
        for (ConstraintDescriptor<?> constraint : constraints) {
            Predicate<Object> rule = rule(constraint);
            if (rule == null) {
                return null;
            }
            rules.add(rule);
        }
        return value -> {
            for (Predicate<Object> rule : rules) {
                if (!rule.test(value)) {
                    return false;
                }
            }
            // A cascade into a container would validate its elements: left to the full validation.
            return !cascaded || value == null || (!(value instanceof Iterable<?>) && !(value instanceof Map<?, ?>)
                    && !(value instanceof Optional<?>) && !value.getClass().isArray() && passes(value));
        };
    }

    /** The constraints on a list's elements ({@code List<@Required @Valid X>}); null when not covered here. */
    private Predicate<Object> elementCheck(Set<ContainerElementTypeDescriptor> containers) {
        if (containers.isEmpty()) {
            return value -> true;
        }
        if (containers.size() != 1) {
            return null;
        }
        ContainerElementTypeDescriptor element = containers.iterator().next();
        if (element.getContainerClass() != List.class || !element.getConstrainedContainerElementTypes().isEmpty()) {
            return null;
        }
        Predicate<Object> check = valueCheck(element.getConstraintDescriptors(), element.isCascaded());
        if (check == null) {
            return null;
        }
        return value -> {
            if (value == null) {
                return true;
            }
            if (!(value instanceof List<?> list)) {
                return false;
            }
            for (Object item : list) {
                if (!check.test(item)) {
                    return false;
                }
            }
            return true;
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Predicate<Object> rule(ConstraintDescriptor<?> constraint) {
        if (!constraint.getComposingConstraints().isEmpty() || !constraint.getGroups().equals(Set.of(Default.class))) {
            return null;
        }
        Annotation annotation = constraint.getAnnotation();
        if (annotation instanceof Min min) {
            return value -> value == null || (isWhole(value) && ((Number) value).longValue() >= min.value());
        }
        if (annotation instanceof Max max) {
            return value -> value == null || (isWhole(value) && ((Number) value).longValue() <= max.value());
        }
        List<? extends Class<?>> validators = constraint.getConstraintValidatorClasses();
        if (validators.size() != 1) {
            return null;
        }
        try {
            Constructor<?> constructor = validators.get(0).getDeclaredConstructor();
            constructor.setAccessible(true);
            ConstraintValidator validator = (ConstraintValidator) constructor.newInstance();
            validator.initialize(annotation);
            return value -> {
                try {
                    return validator.isValid(value, null);
                } catch (RuntimeException wrongTypeOrNeedsContext) {
                    // The full validation decides (and reports) what these checks cannot judge.
                    return false;
                }
            };
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static boolean isWhole(Object value) {
        return value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte;
    }

    private static Function<Object, Object> accessor(Class<?> type, String name) {
        try {
            Method method = type.getDeclaredMethod(name);
            method.setAccessible(true);
            return input -> {
                try {
                    return method.invoke(input);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read " + name + " of " + type.getName(), e);
                }
            };
        } catch (NoSuchMethodException | RuntimeException e) {
            return null;
        }
    }
}
