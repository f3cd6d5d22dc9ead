/**
 * One class per gRPC request type: decode-free (the dispatcher decodes), they map the body to application
 * use cases and build the typed answer. May depend on {@code application}, the codec and the grpc DTOs only.
 */
package io.jacos.transport.grpc.handler;
