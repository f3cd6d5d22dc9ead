package io.jacos.transport.http.admin;

import io.jacos.cluster.ClusterMembers;
import io.jacos.model.NodeId;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.forward.LazyPeerForwarding;
import io.jacos.transport.http.forward.PeerForwarding;
import io.jacos.transport.http.forward.RequestOrigin;
import io.jacos.transport.http.forward.PeerProof;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Relays an admin operation that concerns another node (its drain, a reset of its connection) to that node's own
 * admin API, and answers what it answered. A request that already came from a peer (proven by {@link PeerProof}, a
 * header alone proves nothing) is never relayed again, and a peer that cannot be reached is answered 409 naming it,
 * so the operator can go there.
 */
@ApplicationScoped
public class PeerAdmin {

    private ClusterMembers members;
    private Caller caller;
    private RequestOrigin origin;
    /** The container's executor is a resource, not a CDI bean, so it cannot come through the constructor. */
    @Resource
    private ManagedExecutorService executor;
    private LazyPeerForwarding forwarding;

    /** For the container's proxy. */
    protected PeerAdmin() {
    }

    @Inject
    public PeerAdmin(ClusterMembers members, Caller caller, RequestOrigin origin, PeerProof proof) {
        this.members = members;
        this.caller = caller;
        this.origin = origin;
        this.forwarding = new LazyPeerForwarding(() -> executor, proof, RELAY_TIMEOUT);
    }

    /** The peer's operations answer at once (a drain does not wait for its clients), so a short bound. */
    static final Duration RELAY_TIMEOUT = Duration.ofSeconds(5);



    /** Whether this request was relayed by a peer, with proof ({@link RequestOrigin}). */
    boolean relayedByPeer() {
        return origin.fromPeer();
    }

    /**
     * @param rawPath    the path as received, context root included
     * @param query      the raw query string, or null
     * @param forwarded  whether this request was itself relayed by a peer ({@link #relayedByPeer})
     */
    Response relay(NodeId node, String method, String rawPath, String query, String jsonBody, boolean forwarded) {
        if (forwarded) {
            return AdminAnswers.conflict("Node " + node.address() + " must handle this itself; a relayed request"
                    + " is not relayed again. Call " + node.address() + " directly.");
        }
        byte[] body = jsonBody == null ? new byte[0] : jsonBody.getBytes(StandardCharsets.UTF_8);
        Map<String, List<String>> headers = new HashMap<>(Map.of("Content-Type", List.of("application/json"),
                "Accept", List.of("application/json")));
        String token = caller.token();
        if (token != null) {
            // With auth on the peer checks the call as this node did; the operator's token is valid there too.
            headers.put("Authorization", List.of("Bearer " + token));
        }
        Optional<PeerForwarding.Answer> answer = forwarding.get().forward(node, new PeerForwarding.Relayed(method,
                rawPath, query, Map.copyOf(headers), body));
        if (answer.isEmpty()) {
            return AdminAnswers.conflict("This concerns node " + node.address() + ", which did not answer; call its"
                    + " admin API directly.");
        }
        PeerForwarding.Answer relayed = answer.get();
        return Response.status(relayed.status())
                .type(relayed.contentType() == null ? HttpJson.JSON_UTF8.toString() : relayed.contentType())
                .entity(relayed.body()).build();
    }
}
