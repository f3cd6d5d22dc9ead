package io.jacos.application;

import io.jacos.model.ClientId;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The long (gRPC) connections this node holds, as the admin layer and the metrics see them: who connected, from
 * where, with which client version. Implemented by the gRPC transport; read-only.
 */
public interface ConnectionDirectory {

    /** The connection whose id is the client's id; empty for other clients or a connection already gone. */
    Optional<ConnectionInfo> find(ClientId client);

    /** Every registered connection, oldest registration first (ties by id). */
    List<ConnectionInfo> list();

    /** How many connections are registered, without copying them (read once per metrics scrape). */
    int count();

    /**
     * One connection. {@code id} is the connection id (also its {@link ClientId}); times are epoch milliseconds.
     */
    record ConnectionInfo(String id, String clientIp, String clientVersion, Map<String, String> labels,
                          long connectedAt, long lastActiveAt) {

        public ConnectionInfo {
            Objects.requireNonNull(id, "id");
            clientIp = clientIp == null ? "" : clientIp;
            clientVersion = clientVersion == null ? "" : clientVersion;
            labels = labels == null ? Map.of() : Map.copyOf(labels);
        }
    }
}
