/**
 * The HTTP transport (JAX-RS): the Nacos open API under {@code /nacos/v1} ({@code v1}, {@code console}) and
 * {@code /nacos/v2} ({@code v2}), each version an {@link jakarta.ws.rs.core.Application} of its own that lists
 * its resources and error mappers, so that static files under {@code /nacos/} stay with the server's default
 * servlet and each version answers errors in its own form; likewise {@code /nacos/admin}, {@code /nacos/actuator}
 * (the Prometheus scrape) and {@code /nacos/prometheus} (Prometheus service discovery). This package holds what the versions share (request
 * reading, JSON writing, readiness, instance lookup and listing) and the servlet pieces that keep every other
 * path a plain 404. Thin: it decodes, calls {@code application} use cases and encodes. May depend on every
 * lower layer and on {@code transport.legacy}, but not on another transport ({@code grpc}, {@code udp}).
 */
package io.jacos.transport.http;
