package io.jacos.config;

import io.jacos.model.ConfigKey;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which connection listens to which configuration, and under which spelling of its namespace: a 2.x client
 * listens with tenant "" and a 3.x one with "public", and each must be told of a change in its own spelling or
 * it does not recognise the configuration. At most {@link #MAX_PER_CONNECTION} configurations per connection.
 * A connection's entries change only inside its own atomic update, and a configuration's set of connections
 * only inside the configuration's, so a listener is never lost between the two maps.
 */
@ApplicationScoped
public class ConfigListeners {

    public static final int MAX_PER_CONNECTION = 10_000;

    private final Map<String, Map<ConfigKey, String>> byConnection = new ConcurrentHashMap<>();
    private final Map<ConfigKey, Set<String>> byKey = new ConcurrentHashMap<>();

    /**
     * Takes all of {@code tenants} (each configuration with the tenant the client named it under) or, when that
     * would pass {@link #MAX_PER_CONNECTION}, none of them: false then, and nothing changed.
     */
    public boolean listen(String connection, Map<ConfigKey, String> tenants) {
        boolean[] taken = {true};
        byConnection.compute(connection, (c, keys) -> {
            Map<ConfigKey, String> held = keys == null ? new ConcurrentHashMap<>() : keys;
            long added = tenants.keySet().stream().filter(key -> !held.containsKey(key)).count();
            if (held.size() + added > MAX_PER_CONNECTION) {
                taken[0] = false;
                return held.isEmpty() ? null : held;
            }
            tenants.forEach((key, tenant) -> {
                held.put(key, tenant == null ? "" : tenant);
                byKey.compute(key, (k, connections) -> {
                    Set<String> all = connections == null ? ConcurrentHashMap.newKeySet() : connections;
                    all.add(connection);
                    return all;
                });
            });
            return held.isEmpty() ? null : held;
        });
        return taken[0];
    }

    public void unlisten(String connection, ConfigKey key) {
        byConnection.computeIfPresent(connection, (c, keys) -> {
            keys.remove(key);
            dropListener(key, connection);
            return keys.isEmpty() ? null : keys;
        });
    }

    /** (connection, configuration) pairs listened to now. */
    public int pairs() {
        return byConnection.values().stream().mapToInt(Map::size).sum();
    }

    /** Forgets a connection that is gone. */
    public void forget(String connection) {
        byConnection.computeIfPresent(connection, (c, keys) -> {
            keys.keySet().forEach(key -> dropListener(key, connection));
            return null;
        });
    }

    /** Each connection listening to {@code key}, with the tenant it listens under. */
    public Map<String, String> listenersOf(ConfigKey key) {
        Set<String> connections = byKey.getOrDefault(key, Set.of());
        Map<String, String> found = new HashMap<>();
        for (String connection : connections) {
            String tenant = tenantOf(connection, key);
            if (tenant != null) {
                found.put(connection, tenant);
            }
        }
        return found;
    }

    /** The tenant {@code connection} listens to {@code key} under; null when it does not listen. */
    public String tenantOf(String connection, ConfigKey key) {
        Map<ConfigKey, String> keys = byConnection.get(connection);
        return keys == null ? null : keys.get(key);
    }

    public int count() {
        return byConnection.values().stream().mapToInt(Map::size).sum();
    }

    private void dropListener(ConfigKey key, String connection) {
        byKey.computeIfPresent(key, (k, connections) -> {
            connections.remove(connection);
            return connections.isEmpty() ? null : connections;
        });
    }
}
