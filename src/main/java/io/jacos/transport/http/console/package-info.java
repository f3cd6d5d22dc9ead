/**
 * Nacos's console and ops endpoints under {@code /nacos/v1/console} and {@code /nacos/v2/console}, and Nacos 3's
 * {@code /nacos/v3/admin/core/namespace} and {@code /core/state}: namespaces (the same namespaces clients register
 * in), the server state and the health probes, with Nacos's paths, parameters and JSON shapes. Errors are answered
 * by the mappers of the API each path belongs to: v1 plain text, v2 and v3 envelope. May depend on
 * {@code application}, {@code model}, {@code auth}'s interfaces, the parent {@code transport.http} package and
 * {@code v2}'s envelope.
 */
package io.jacos.transport.http.console;
