package io.jacos.transport.grpc.dto;

import java.util.Map;

/**
 * {@code ConnectResetRequest}: the server asks the client to reconnect, to {@code serverIp:serverPort} when
 * given. The port is the node's main HTTP port and, like the ip, a string; the client adds its gRPC offset.
 */
public record ConnectResetRequestBody(Map<String, String> headers, String requestId, String module,
                                      String serverIp, String serverPort, String connectionId) {

    public static ConnectResetRequestBody to(String requestId, String serverIp, int serverPort,
                                             String connectionId) {
        return new ConnectResetRequestBody(Map.of(), requestId, "internal", serverIp, Integer.toString(serverPort),
                connectionId);
    }

    /** Reconnect to the next server of the client's own list (a null field is left out of the JSON). */
    public static ConnectResetRequestBody toNextServer(String requestId, String connectionId) {
        return new ConnectResetRequestBody(Map.of(), requestId, "internal", null, null, connectionId);
    }
}
