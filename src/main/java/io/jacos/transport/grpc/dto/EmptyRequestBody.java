package io.jacos.transport.grpc.dto;

/** Requests that carry nothing but the common fields (health check, server check). */
public record EmptyRequestBody(String requestId) {
}
