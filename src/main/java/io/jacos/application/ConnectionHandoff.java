package io.jacos.application;

import io.jacos.model.NodeId;

import java.util.List;

/**
 * The long (gRPC) connections this node holds, and a way to ask one to move to another node. A client asked to
 * move opens its connection to the target first and then closes this one; its instances are redone there.
 * Implemented by the transport, used by draining and rebalancing.
 */
public interface ConnectionHandoff {

    int connectionCount();

    /** Connection ids, oldest registration first; the id is also the connection's {@code ClientId}. */
    List<String> connectionIds();

    /** As {@link #connectionIds}, only those registered at or before {@code connectedByMillis}. */
    default List<String> connectionIds(long connectedByMillis) {
        return connectionIds();
    }

    /**
     * Marks the connection's client as handing off ({@link ClientSessionService#handingOff}), then sends it a
     * {@code ConnectResetRequest} naming {@code target} (its main HTTP port: the client adds the gRPC offset).
     * Does not wait for the answer. Returns false, doing nothing, when no such connection is registered.
     */
    boolean moveTo(String connectionId, NodeId target);

    /**
     * As {@link #moveTo}, but the client picks the next server of its own list (an operator's reset without a
     * target). Returns false, doing nothing, when no such connection is registered.
     */
    boolean reset(String connectionId);
}
