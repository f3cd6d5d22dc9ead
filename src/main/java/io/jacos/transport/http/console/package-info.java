/**
 * Nacos's console and ops endpoints under {@code /nacos/v1/console}: namespaces (the same namespaces clients
 * register in) and the server state, with Nacos's paths, parameters and JSON shapes. Errors are answered by the
 * v1 mappers of {@code transport.http.v1}, as these paths belong to the v1 API. May depend on
 * {@code application}, {@code model}, {@code auth}'s interfaces and the parent {@code transport.http} package.
 */
package io.jacos.transport.http.console;
