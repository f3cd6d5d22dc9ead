/**
 * The HTTP transport (JAX-RS): the Nacos open API under {@code /nacos/v1} and later {@code /v2}, each version an
 * {@link jakarta.ws.rs.core.Application} of its own so that static console files under {@code /nacos/} stay
 * with the server's default servlet on every server. Thin: it decodes, calls {@code application} use cases and
 * encodes. May depend on every lower layer, but not on another transport.
 */
package io.jacos.transport.http;
