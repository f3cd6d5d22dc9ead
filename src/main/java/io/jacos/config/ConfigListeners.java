package io.jacos.config;

import io.jacos.model.ConfigKey;
import io.jacos.model.ConfigView;
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
 * only inside the configuration's, so a listener is never lost between the two maps. Each pair also keeps the md5
 * its client holds as far as this node knows (said in its listen, or told by a notification it acknowledged), and
 * each connection how gray rules see it ({@link ConfigView}), so a change is told exactly to the listeners whose
 * view of the configuration differs from what they hold.
 */
@ApplicationScoped
public class ConfigListeners {

    public static final int MAX_PER_CONNECTION = 10_000;

    /** One pair: the tenant the client names the configuration under, and the md5 it holds (null: unknown). */
    public record Listening(String tenant, String md5) {
        public Listening {
            tenant = tenant == null ? "" : tenant;
        }
    }

    private final Map<String, Map<ConfigKey, Listening>> byConnection = new ConcurrentHashMap<>();
    private final Map<ConfigKey, Set<String>> byKey = new ConcurrentHashMap<>();
    private final Map<String, ConfigView> views = new ConcurrentHashMap<>();

    /** As {@link #listen(String, ConfigView, Map)}, for a client seen as no gray rule sees it, md5s unknown. */
    public boolean listen(String connection, Map<ConfigKey, String> tenants) {
        Map<ConfigKey, Listening> listened = new HashMap<>();
        tenants.forEach((key, tenant) -> listened.put(key, new Listening(tenant, null)));
        return listen(connection, ConfigView.FORMAL, listened);
    }

    /**
     * Takes all of {@code listened} (each configuration with the tenant the client named it under and the md5 it
     * holds) for a client seen as {@code view}, or, when that would pass {@link #MAX_PER_CONNECTION}, none of
     * them: false then, and nothing changed.
     */
    public boolean listen(String connection, ConfigView view, Map<ConfigKey, Listening> listened) {
        boolean[] taken = {true};
        byConnection.compute(connection, (c, keys) -> {
            Map<ConfigKey, Listening> held = keys == null ? new ConcurrentHashMap<>() : keys;
            long added = listened.keySet().stream().filter(key -> !held.containsKey(key)).count();
            if (held.size() + added > MAX_PER_CONNECTION) {
                taken[0] = false;
                return held.isEmpty() ? null : held;
            }
            if (!listened.isEmpty()) {
                views.put(connection, view == null ? ConfigView.FORMAL : view);
            }
            listened.forEach((key, listening) -> {
                held.put(key, listening);
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
            if (keys.isEmpty()) {
                views.remove(connection);
                return null;
            }
            return keys;
        });
    }

    /** How gray rules see the connection ({@link ConfigView#FORMAL} when it listens to nothing). */
    public ConfigView viewOf(String connection) {
        return views.getOrDefault(connection, ConfigView.FORMAL);
    }

    /** The md5 the connection holds of {@code key} as far as this node knows; null when unknown or not listening. */
    public String heldMd5(String connection, ConfigKey key) {
        Map<ConfigKey, Listening> keys = byConnection.get(connection);
        Listening listening = keys == null ? null : keys.get(key);
        return listening == null ? null : listening.md5();
    }

    /** The connection acknowledged being told of {@code key} while its view's md5 was {@code md5}. */
    public void told(String connection, ConfigKey key, String md5) {
        byConnection.computeIfPresent(connection, (c, keys) -> {
            keys.computeIfPresent(key, (k, listening) -> new Listening(listening.tenant(), md5));
            return keys;
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
            views.remove(connection);
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

    /** What {@code connection} listens to now, each with its tenant and md5; empty when nothing. */
    public Map<ConfigKey, Listening> listenedBy(String connection) {
        return Map.copyOf(byConnection.getOrDefault(connection, Map.of()));
    }

    /** The tenant {@code connection} listens to {@code key} under; null when it does not listen. */
    public String tenantOf(String connection, ConfigKey key) {
        Map<ConfigKey, Listening> keys = byConnection.get(connection);
        Listening listening = keys == null ? null : keys.get(key);
        return listening == null ? null : listening.tenant();
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
