package io.jacos.transport.grpc;

import io.jacos.application.ClientSessionService;
import io.jacos.application.ConnectionHandoff;
import io.jacos.cluster.ClusterMembers;
import io.jacos.model.ClientId;
import io.jacos.model.NodeId;
import io.jacos.transport.grpc.dto.ConnectResetRequestBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Moves gRPC connections to another node with a {@code ConnectResetRequest}. The client answers at once and
 * reconnects asynchronously (new connection first, then it closes this one), so the answer only tells that the
 * client heard; the connection leaving the {@link ConnectionTable} is what counts.
 */
@ApplicationScoped
public class GrpcConnectionHandoff implements ConnectionHandoff {

    private static final Logger LOG = Logger.getLogger(GrpcConnectionHandoff.class.getName());
    /** The client's own unary timeout: a client that has not answered by then is not reading. */
    static final long ANSWER_TIMEOUT_MILLIS = 3000;

    private ConnectionTable table;
    private PayloadCodec codec;
    private ClientSessionService sessions;
    private ClusterMembers members;

    /** For the container's proxy. */
    protected GrpcConnectionHandoff() {
    }

    @Inject
    public GrpcConnectionHandoff(ConnectionTable table, PayloadCodec codec, ClientSessionService sessions,
                                 ClusterMembers members) {
        this.table = table;
        this.codec = codec;
        this.sessions = sessions;
        this.members = members;
    }

    @Override
    public int connectionCount() {
        return table.size();
    }

    @Override
    public List<String> connectionIds() {
        return table.ids();
    }

    @Override
    public List<String> connectionIds(long connectedByMillis) {
        return table.ids().stream().filter(id -> table.find(id)
                .map(connection -> connection.connectedMillis() <= connectedByMillis).orElse(false)).toList();
    }

    @Override
    public boolean moveTo(String connectionId, NodeId target) {
        if (table.find(connectionId).isEmpty()) {
            return false;
        }
        return ask(connectionId, sharesHost(target) ? null : target);
    }

    @Override
    public boolean reset(String connectionId) {
        return ask(connectionId, null);
    }

    /** Sends the reset naming {@code target}, or, when null, letting the client pick its next server. */
    private boolean ask(String connectionId, NodeId target) {
        Optional<GrpcConnection> found = table.find(connectionId);
        if (found.isEmpty()) {
            return false;
        }
        sessions.handingOff(new ClientId(connectionId));
        boolean named = target != null;
        table.request(found.get(), requestId -> codec.encode("ConnectResetRequest", named
                        ? ConnectResetRequestBody.to(requestId, target.host(), target.port(), connectionId)
                        : ConnectResetRequestBody.toNextServer(requestId, connectionId)),
                ANSWER_TIMEOUT_MILLIS).whenComplete((answer, failure) -> {
                    if (failure != null || !ConnectionTable.isSuccess(answer)) {
                        LOG.fine(() -> "Connection " + connectionId + " did not accept the move to " + target
                                + (failure == null ? "" : ": " + failure.getMessage()));
                    }
                });
        LOG.fine(() -> "Connection " + connectionId + " asked to move to " + (named ? target : "its next server"));
        return true;
    }

    /**
     * The 2.x client finds the named node in its server list by ip alone and takes the first entry with that ip,
     * so where nodes share a host, naming one would send every client to the first; it is then asked to move on
     * to the next server of its own list instead.
     */
    private boolean sharesHost(NodeId target) {
        return members.members().stream().anyMatch(node -> !node.equals(target) && node.host().equals(target.host()));
    }
}
