/**
 * Default implementations of the application use cases, and {@code InputNormalizer}, which checks a request against
 * the declared constraints and the configured limits, then applies the Nacos defaults. May depend on
 * {@code registry}, {@code model}, {@code infrastructure} and the {@code validation} package.
 */
package io.jacos.application.internal;
