/**
 * What the 1.x wire formats share between the HTTP open API and UDP push: the 1.x ServiceInfo JSON (grouped
 * {@code name}) and its instances. Plain records and one JSON writer; no I/O. May depend on {@code application}
 * and {@code model}; both legacy transports ({@code http}, {@code udp}) may depend on it.
 */
package io.jacos.transport.legacy;
