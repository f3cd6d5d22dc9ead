package io.jacos.transport.http.forward;

import io.jacos.application.IpPortClientService.BeatSpec;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.NodeId;
import io.jacos.transport.http.param.BeatParams;
import io.jacos.transport.http.param.RequestParams;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which requests another node must handle. Only instance writes of the v1 and v2 APIs (register POST, update PUT,
 * deregister DELETE on {@code ns/instance}, beat PUT on {@code ns/instance/beat}) of ephemeral instances
 * ({@code ephemeral} absent or true), and only in cluster mode: the node {@link ClusterMembers#responsibleFor}
 * the instance's {@code ip:port} handles them. A beat's ip and port come from its {@code beat} JSON when it has
 * one, as the beat itself reads them. A request whose ip or port is missing or unreadable stays here, to be
 * refused here with the usual message; so does one that another node already forwarded.
 */
public final class ForwardRule {

    private static final Set<String> INSTANCE_PATHS = Set.of("/v1/ns/instance", "/v2/ns/instance");
    private static final Set<String> BEAT_PATHS = Set.of("/v1/ns/instance/beat", "/v2/ns/instance/beat");
    private static final Set<String> INSTANCE_WRITES = Set.of("POST", "PUT", "DELETE");

    private final ClusterMembers members;

    public ForwardRule(ClusterMembers members) {
        this.members = members;
    }

    /** Whether the request may need forwarding at all; only then are its parameters (and body) read. */
    public boolean concerns(String method, String path, boolean alreadyForwarded) {
        if (alreadyForwarded || !members.clusterMode()) {
            return false;
        }
        String upper = method.toUpperCase(Locale.ROOT);
        String bare = stripSlash(path);
        return INSTANCE_PATHS.contains(bare) && INSTANCE_WRITES.contains(upper)
                || BEAT_PATHS.contains(bare) && "PUT".equals(upper);
    }

    /**
     * The node that must handle the request, or empty to handle it here.
     *
     * @param path   the path below the context root, e.g. {@code /v1/ns/instance/beat}
     */
    public Optional<NodeId> target(String path, RequestParams params) {
        String ephemeral = params.text("ephemeral");
        if (ephemeral != null && !"true".equalsIgnoreCase(ephemeral.trim())) {
            return Optional.empty();
        }
        String ip;
        Integer port;
        try {
            if (BEAT_PATHS.contains(stripSlash(path))) {
                BeatSpec beat = BeatParams.spec(params);
                ip = beat.ip();
                port = beat.port();
            } else {
                ip = params.text("ip");
                port = params.integer("port");
            }
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        if (ip == null || port == null) {
            return Optional.empty();
        }
        NodeId responsible = members.responsibleFor(ip.trim() + ':' + port);
        return responsible.equals(members.self()) ? Optional.empty() : Optional.of(responsible);
    }

    private static String stripSlash(String path) {
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
