package io.jacos.transport.http.forward;

import io.jacos.application.IpPortClientService.BeatSpec;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.NodeId;
import io.jacos.transport.http.param.BeatParams;
import io.jacos.transport.http.param.RequestParams;

import java.util.Optional;

/**
 * Which node must handle a 1.x instance write ({@link ForwardToResponsible}) of an ephemeral instance
 * ({@code ephemeral} absent or true), in cluster mode: the node {@link ClusterMembers#responsibleFor} the
 * instance's {@code ip:port}. A beat's ip and port come from its {@code beat} JSON when it has one, as the beat
 * itself reads them. A request whose ip or port is missing or unreadable stays here, to be refused here with the
 * usual message.
 */
public final class ForwardRule {

    private final ClusterMembers members;

    public ForwardRule(ClusterMembers members) {
        this.members = members;
    }

    /** The node that must handle the request, or empty to handle it here. */
    public Optional<NodeId> target(ForwardToResponsible.Key key, RequestParams params) {
        if (!members.clusterMode()) {
            return Optional.empty();
        }
        String ephemeral = params.text("ephemeral");
        if (ephemeral != null && !"true".equalsIgnoreCase(ephemeral.trim())) {
            return Optional.empty();
        }
        String ip;
        Integer port;
        try {
            if (key == ForwardToResponsible.Key.BEAT) {
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
}
