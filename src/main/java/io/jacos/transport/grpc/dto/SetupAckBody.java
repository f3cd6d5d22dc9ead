package io.jacos.transport.grpc.dto;

import java.util.Map;

/** {@code SetupAckRequest}: the server's abilities, sent once after the connection is registered; no reply. */
public record SetupAckBody(Map<String, String> headers, Map<String, Boolean> abilityTable, String module) {

    public static SetupAckBody withAbilities(Map<String, Boolean> abilities) {
        return new SetupAckBody(Map.of(), abilities, "internal");
    }
}
