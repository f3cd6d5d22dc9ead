package io.jacos.application.validation;

import io.jacos.model.RegistryException;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.TraversableResolver;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;

import java.lang.annotation.Annotation;
import java.lang.annotation.ElementType;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Validates an input record against its declared constraints and, when any fails, throws one
 * {@link RegistryException} with code 400 for the first violation in a fixed order. Messages read
 * "Param 'x' is required.", "Param 'x' is illegal: 'value' (expected rule)." or, for {@link WholeMessage}
 * constraints, their own sentence. The {@link Validator} is built once, is thread-safe and caches constraint
 * metadata per class; an input that passes the {@link CompiledRules} (nearly all of them) skips the full pass.
 */
@Dependent
public class InputValidator {

    // Several violations are reported by one fixed order (list element, then the order Nacos checks params in),
    // never by the set's hash order, so the same bad input always gets the same message.
    private static final List<String> PARAM_ORDER = List.of("namespace", "groupName", "serviceName", "instances",
            "instance", "ip", "port", "weight", "clusterName", "metadata", "pageNo", "pageSize");
    private static final Comparator<ConstraintViolation<?>> REPORT_ORDER =
            Comparator.<ConstraintViolation<?>>comparingInt(InputValidator::elementIndex)
                    .thenComparingInt(v -> rank(param(v)))
                    .thenComparing(ConstraintViolation::getMessage);
    private static final int MAX_SHOWN = 80;

    // Input records are never JPA entities, so the container's default resolver, which asks the persistence
    // provider whether each property is loaded, would only add work to every request.
    private static final TraversableResolver EVERYTHING_REACHABLE = new TraversableResolver() {
        @Override
        public boolean isReachable(Object bean, Path.Node property, Class<?> rootBeanType, Path pathToBean,
                                   ElementType elementType) {
            return true;
        }

        @Override
        public boolean isCascadable(Object bean, Path.Node property, Class<?> rootBeanType, Path pathToBean,
                                    ElementType elementType) {
            return true;
        }
    };

    private final Validator validator;
    private final CompiledRules rules;

    /** The container's factory under CDI; {@code Validation.buildDefaultValidatorFactory()} in unit tests. */
    @Inject
    public InputValidator(ValidatorFactory factory) {
        this.validator = factory.usingContext().traversableResolver(EVERYTHING_REACHABLE).getValidator();
        this.rules = new CompiledRules(validator);
    }

    /** Returns the input unchanged if it satisfies its constraints. */
    public <T> T check(T input) {
        if (rules.passes(input)) {
            return input;
        }
        Set<ConstraintViolation<T>> violations = validator.validate(input);
        if (!violations.isEmpty()) {
            throw refusal(Collections.min(violations, REPORT_ORDER));
        }
        return input;
    }

    static RegistryException refusal(ConstraintViolation<?> violation) {
        String param = param(violation);
        Annotation constraint = violation.getConstraintDescriptor().getAnnotation();
        if (constraint instanceof Required required) {
            String named = required.param().isEmpty() ? param : required.param();
            return RegistryException.missing(named, "Param '" + named + "' is required.");
        }
        if (constraint.annotationType().isAnnotationPresent(WholeMessage.class)) {
            return RegistryException.illegal(param, violation.getMessage());
        }
        return RegistryException.illegal(param, "Param '" + param + "' is illegal: "
                + shown(violation.getInvalidValue()) + " (expected " + violation.getMessage() + ").");
    }

    /** A value as it appears in a message: text quoted, shortened and kept on one line. */
    static String shown(Object value) {
        if (!(value instanceof CharSequence text)) {
            return String.valueOf(value);
        }
        String s = text.length() <= MAX_SHOWN ? text.toString() : text.subSequence(0, MAX_SHOWN - 3) + "...";
        StringBuilder out = new StringBuilder(s.length() + 2).append('\'');
        s.chars().forEach(c -> {
            if (Character.isISOControl(c)) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.append((char) c);
            }
        });
        return out.append('\'').toString();
    }

    /** The request parameter a violation is about: the innermost property, so list elements name their list. */
    private static String param(ConstraintViolation<?> violation) {
        String name = "input";
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.PROPERTY) {
                name = node.getName();
            }
        }
        return name;
    }

    private static int elementIndex(ConstraintViolation<?> violation) {
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getIndex() != null) {
                return node.getIndex();
            }
        }
        return -1;
    }

    private static int rank(String param) {
        int rank = PARAM_ORDER.indexOf(param);
        return rank < 0 ? PARAM_ORDER.size() : rank;
    }
}
