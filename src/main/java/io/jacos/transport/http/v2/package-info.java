/**
 * The Nacos v2 naming open API ({@code /nacos/v2/ns/...}): instances, instance lists, services and service
 * lists, every answer in the {@code {code, message, data}} envelope; and Nacos 3's naming routes, which take the
 * same parameters and answer in the same envelope ({@code /nacos/v3/client/ns/instance}, and the naming admin routes under
 * {@code /nacos/v3/admin/ns}). Parsing is shared with v1 ({@code param});
 * {@link io.jacos.transport.http.v2.V2Errors} is the one place that maps failures to the HTTP status and v2
 * error code. May depend on {@code application}, {@code model}, {@code transport.legacy} and the parent
 * {@code transport.http} package.
 */
package io.jacos.transport.http.v2;
