package io.jacos.transport.http.config;

import io.jacos.application.ConfigRef;
import io.jacos.application.ConfigService;
import io.jacos.application.ConnectionDirectory;
import io.jacos.model.ClientId;
import io.jacos.model.ConfigKey;
import io.jacos.model.Namespace;
import io.jacos.push.ConfigLongPollService;
import io.jacos.push.ConfigLongPolls;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Who listens to a configuration on this node, for the admin APIs: each gRPC connection with its client's address
 * and version (when this node still holds it), then each 1.x long poll with its client's address and the md5 that
 * client holds; or, by a client's address, what it listens to. Push keeps a connected gRPC listener at the current
 * content, so a configuration's list names no md5 for it (the by-address list gives the one its listen said).
 */
@ApplicationScoped
public class ConfigListenerLookup {

    /** One listener; {@code connection} and {@code clientVersion} for gRPC, {@code md5} for a long poll. */
    public record Listener(String transport, String connection, String address, String clientVersion, String md5) {
    }

    private ConfigService configs;
    private ConfigLongPollService polls;
    private ConnectionDirectory connections;

    /** For the container's proxy. */
    protected ConfigListenerLookup() {
    }

    @Inject
    public ConfigListenerLookup(ConfigService configs, ConfigLongPollService polls, ConnectionDirectory connections) {
        this.configs = configs;
        this.polls = polls;
        this.connections = connections;
    }

    /**
     * What the client at {@code ip} listens to on this node: each gRPC connection whose client reports that address
     * (md5 as far as known), then each 1.x long poll from it (the md5 it holds), a configuration named by two
     * listeners once, a known md5 winning.
     */
    public Map<ConfigKey, ConfigService.Listened> of(String ip) {
        Map<ConfigKey, ConfigService.Listened> found = new LinkedHashMap<>();
        for (ConnectionDirectory.ConnectionInfo connection : connections.list()) {
            if (connection.clientIp().equals(ip)) {
                configs.listenedBy(connection.id()).forEach(listened -> found.merge(listened.ref().key(), listened,
                        (had, next) -> had.md5() != null ? had : next));
            }
        }
        // A long poll names the namespace by id; the default is "" to the 2.x console, as in the other answers.
        polls.heldBy(ip).forEach((key, md5) -> found.put(key, new ConfigService.Listened(new ConfigRef(
                Namespace.PUBLIC.equals(key.namespace()) ? "" : key.namespace(), key.group(), key.dataId()), md5)));
        return found;
    }

    /**
     * Adds the listener to a status by address, as Nacos's answers have it: one address with several listeners is
     * one entry, a known md5 winning over an unknown (null) one.
     */
    static void byAddress(Map<String, String> status, Listener listener) {
        if (listener.md5() != null) {
            status.put(listener.address(), listener.md5());
        } else if (listener.address() != null) {
            status.putIfAbsent(listener.address(), null);
        }
    }

    public List<Listener> of(ConfigRef ref) {
        List<Listener> found = new ArrayList<>();
        for (String connection : configs.listeningConnections(ref)) {
            Optional<ConnectionDirectory.ConnectionInfo> info = connections.find(new ClientId(connection));
            found.add(new Listener("grpc", connection, info.map(ConnectionDirectory.ConnectionInfo::clientIp)
                    .orElse(null), info.map(ConnectionDirectory.ConnectionInfo::clientVersion).orElse(null), null));
        }
        polls.holdersOf(configs.keyOf(ref)).stream()
                .sorted(Comparator.comparing(ConfigLongPolls.Holder::address))
                .forEach(poll -> found.add(new Listener("http", null, poll.address(), null, poll.md5())));
        return found;
    }
}
