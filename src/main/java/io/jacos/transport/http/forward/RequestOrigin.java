package io.jacos.transport.http.forward;

import io.jacos.transport.http.request.ParsedRequest;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Whether the current API request was relayed by a peer node, as {@link PeerProof} decides on the bytes received
 * (method, raw path and query, the body as read once); decided once per request, since a proof is accepted only
 * once. A request without valid proof is a client's, whatever its headers say.
 */
@RequestScoped
public class RequestOrigin {

    private PeerProof proof;
    private ParsedRequest parsed;
    private HttpServletRequest request;

    /** For the container's proxy. */
    protected RequestOrigin() {
    }

    @Inject
    public RequestOrigin(PeerProof proof, ParsedRequest parsed, HttpServletRequest request) {
        this.proof = proof;
        this.parsed = parsed;
        this.request = request;
    }

    private Boolean fromPeer;

    public boolean fromPeer() {
        if (fromPeer == null) {
            fromPeer = proof.fromPeer(request.getMethod(), request.getRequestURI(), request.getQueryString(),
                    parsed.body(), request::getHeader, request.getRemoteAddr());
        }
        return fromPeer;
    }
}
