package io.jacos.health;

import java.util.List;
import java.util.concurrent.CompletionStage;

/** The long connections a transport holds, as the connection check sees them. */
public interface LiveConnections {

    /** Ids of registered connections with no traffic since {@code idleSinceMillis} (clock millis). */
    List<String> idleSince(long idleSinceMillis);

    /**
     * Asks the client at the other end whether it is still there. Completes true on an answer within the
     * timeout (the connection's activity is refreshed), false otherwise.
     */
    CompletionStage<Boolean> probe(String connectionId, long timeoutMillis);

    /** Drops the connection and everything its client owns. */
    void evict(String connectionId, String reason);
}
