package io.jacos.transport.grpc.dto;

import java.util.Map;

/** {@code ConfigChangeNotifyRequest}, server to client: read this configuration again. */
public record ConfigChangeNotifyBody(Map<String, String> headers, String requestId, String module, String dataId,
                                     String group, String tenant) {

    public static ConfigChangeNotifyBody of(String requestId, String dataId, String group, String tenant) {
        return new ConfigChangeNotifyBody(Map.of(), requestId, "config", dataId, group, tenant);
    }
}
