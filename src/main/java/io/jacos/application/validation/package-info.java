/**
 * The Nacos input rules as Jakarta Bean Validation constraints, declared on the application layer's input
 * records, and {@link io.jacos.application.validation.InputValidator}, the one place that turns violations into
 * a code-400 {@code RegistryException} with a stable message. Depends only on {@code jakarta.validation}, CDI
 * and {@code model}; the implementation (Hibernate Validator) comes from the container.
 */
package io.jacos.application.validation;
