package io.jacos.transport.grpc.dto;

import java.util.Map;

/** A server-to-client request that carries only the common fields ({@code ClientDetectionRequest}). */
public record ServerRequestBody(Map<String, String> headers, String requestId, String module) {

    public static ServerRequestBody internal(String requestId) {
        return new ServerRequestBody(Map.of(), requestId, "internal");
    }
}
