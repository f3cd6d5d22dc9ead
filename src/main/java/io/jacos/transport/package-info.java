/**
 * The edges where requests come in and pushes go out: {@code grpc} for the 2.x/3.x SDKs, {@code http} for the
 * 1.x open API, the v2 API, the admin console's API and Prometheus, {@code udp} for 1.x push, and
 * {@code legacy} for the 1.x wire formats the last two share. Each decodes, calls {@code application} use cases
 * and encodes; its sub-packages say which parts they use. As the top layer, it may use every layer below it and
 * nothing uses it. May depend on {@code model}, {@code event}, {@code task}, {@code registry}, {@code config}, {@code cluster},
 * {@code application}, {@code push}, {@code health}, {@code replication}, {@code balance}, {@code auth},
 * {@code limit}, {@code audit}, {@code metrics}, {@code settings} and {@code infrastructure}.
 */
package io.jacos.transport;
