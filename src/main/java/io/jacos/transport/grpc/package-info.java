/**
 * The Nacos 2.x/3.x SDK transport: an embedded gRPC server (started and stopped with the application),
 * the connection table keyed by TCP transport, the unary dispatcher, the bi-stream, and the push channel with
 * each connection's bounded outbox. Netty threads only move bytes: requests and pushes run on
 * container-managed workers. Thin: it decodes, calls {@code application} use cases and encodes. May depend on every lower layer.
 */
package io.jacos.transport.grpc;
