package io.jacos.balance;

import io.jacos.application.ConnectionHandoff;
import io.jacos.model.NodeId;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Connections the test lists, oldest first; it records every move and may let a moved client leave at once. */
final class FakeHandoff implements ConnectionHandoff {

    final List<String> connections = new ArrayList<>();
    final Map<String, NodeId> moves = new LinkedHashMap<>();
    /** Connections registered after every cut-off a caller asks about: still in their first seconds. */
    final List<String> young = new ArrayList<>();
    boolean clientsLeaveWhenAsked;

    FakeHandoff with(int count) {
        for (int i = 0; i < count; i++) {
            connections.add("c" + connections.size());
        }
        return this;
    }

    @Override
    public int connectionCount() {
        return connections.size();
    }

    @Override
    public List<String> connectionIds() {
        return List.copyOf(connections);
    }

    @Override
    public List<String> connectionIds(long connectedByMillis) {
        return connections.stream().filter(id -> !young.contains(id)).toList();
    }

    @Override
    public boolean moveTo(String connectionId, NodeId target) {
        if (!connections.contains(connectionId)) {
            return false;
        }
        moves.put(connectionId, target);
        if (clientsLeaveWhenAsked) {
            connections.remove(connectionId);
        }
        return true;
    }

    @Override
    public boolean reset(String connectionId) {
        return connections.contains(connectionId);
    }
}
