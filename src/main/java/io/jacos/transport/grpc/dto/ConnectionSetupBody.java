package io.jacos.transport.grpc.dto;

import java.util.Map;

/** {@code ConnectionSetupRequest}, the first message on the bi-stream. */
public record ConnectionSetupBody(String clientVersion, String tenant, Map<String, String> labels,
                                  Map<String, Boolean> abilityTable) {
}
