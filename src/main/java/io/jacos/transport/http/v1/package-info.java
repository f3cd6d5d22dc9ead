/**
 * The Nacos v1 naming open API ({@code /nacos/v1/ns/...}) as nacos-client 1.4.6 calls it, plus the v1 ops
 * endpoints: instances, beats, lists with UDP subscription, services, operator metrics/switches/servers and
 * manual health. Resources parse with {@code param}, call the {@code application} interfaces and answer Nacos's
 * bodies ({@code ok} or JSON); {@link io.jacos.transport.http.v1.V1Errors} is the one place that turns failures
 * into v1 answers (plain text). May depend on {@code application}, {@code model}, {@code registry} (read-only
 * stats and views), {@code transport.legacy} and the parent {@code transport.http} package.
 */
package io.jacos.transport.http.v1;
