package io.jacos.transport.http.admin;

import io.jacos.cluster.ClusterMembers;
import io.jacos.model.NodeId;
import io.jacos.transport.http.HttpJson;
import io.jacos.transport.http.forward.PeerForwarding;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Relays an admin operation that concerns another node (its drain, a reset of its connection) to that node's own
 * admin API, and answers what it answered. A request that already came from a peer is never relayed again, and a
 * peer that cannot be reached is answered 409 naming it, so the operator can go there. The relay carries the
 * caller's own token (header or {@code accessToken} parameter, sent on as a header): with auth on the peer checks
 * it as its own request, and a token is valid on every node of a cluster, so no node credential is needed.
 */
@ApplicationScoped
public class PeerAdmin {

    @Inject
    ClusterMembers members;
    @Resource
    ManagedExecutorService executor;
    /** The request being relayed (the container's request-scoped bean): its token goes along. */
    @Inject
    HttpServletRequest caller;

    /** The peer's operations answer at once (a drain does not wait for its clients), so a short bound. */
    static final Duration RELAY_TIMEOUT = Duration.ofSeconds(5);

    private volatile PeerForwarding forwarding;

    /** Built at the first relay: a standalone node never starts the HTTP client's selector thread. */
    private PeerForwarding forwarding() {
        PeerForwarding built = forwarding;
        if (built == null) {
            synchronized (this) {
                if (forwarding == null) {
                    forwarding = new PeerForwarding(PeerForwarding.client(executor), members.self(),
                            RELAY_TIMEOUT);
                }
                built = forwarding;
            }
        }
        return built;
    }

    /**
     * @param rawPath    the path as received, context root included
     * @param query      the raw query string, or null
     * @param forwarded  whether this request was itself relayed by a peer ({@link PeerForwarding#FORWARDED_BY})
     */
    Response relay(NodeId node, String method, String rawPath, String query, String jsonBody, boolean forwarded) {
        if (forwarded) {
            return AdminAnswers.conflict("Node " + node.address() + " must handle this itself; a relayed request"
                    + " is not relayed again. Call " + node.address() + " directly.");
        }
        byte[] body = jsonBody == null ? new byte[0] : jsonBody.getBytes(StandardCharsets.UTF_8);
        Map<String, List<String>> headers = new LinkedHashMap<>(credentials(caller.getHeader("Authorization"),
                caller.getHeader(ACCESS_TOKEN), caller.getQueryString()));
        headers.put("Content-Type", List.of("application/json"));
        headers.put("Accept", List.of("application/json"));
        Optional<PeerForwarding.Answer> answer = forwarding().forward(node, new PeerForwarding.Relayed(method,
                rawPath, query, headers, body));
        if (answer.isEmpty()) {
            return AdminAnswers.conflict("This concerns node " + node.address() + ", which did not answer; call its"
                    + " admin API directly.");
        }
        PeerForwarding.Answer relayed = answer.get();
        return Response.status(relayed.status())
                .type(relayed.contentType() == null ? HttpJson.JSON_UTF8.toString() : relayed.contentType())
                .entity(relayed.body()).build();
    }

    static final String ACCESS_TOKEN = "accessToken";

    /** The caller's token as headers for the peer: as it came, or from the query's {@code accessToken}. */
    static Map<String, List<String>> credentials(String authorization, String accessTokenHeader, String rawQuery) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        if (authorization != null) {
            headers.put("Authorization", List.of(authorization));
        }
        String token = accessTokenHeader != null ? accessTokenHeader : queryToken(rawQuery);
        if (token != null) {
            headers.put(ACCESS_TOKEN, List.of(token));
        }
        return headers;
    }

    private static String queryToken(String rawQuery) {
        if (rawQuery == null) {
            return null;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.startsWith(ACCESS_TOKEN + "=")) {
                try {
                    return URLDecoder.decode(pair.substring(ACCESS_TOKEN.length() + 1), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    return null;
                }
            }
        }
        return null;
    }
}
