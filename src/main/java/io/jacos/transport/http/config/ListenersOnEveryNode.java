package io.jacos.transport.http.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.jacos.transport.http.access.Caller;
import io.jacos.transport.http.forward.PeerQueries;
import io.jacos.transport.http.forward.RequestOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;

import java.util.Map;
import java.util.TreeMap;

/**
 * The listener lists of the v1 and v3 APIs, for the whole cluster as Nacos answers them: a client listens on the
 * one node it is connected to, so this node adds what each peer lists for the same request. A peer's own question
 * is answered from this node alone.
 */
@ApplicationScoped
public class ListenersOnEveryNode {

    private PeerQueries peers;
    private RequestOrigin origin;
    private Caller caller;
    private HttpServletRequest servletRequest;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ListenersOnEveryNode() {
    }

    @Inject
    public ListenersOnEveryNode(PeerQueries peers, RequestOrigin origin, Caller caller,
                                HttpServletRequest servletRequest) {
        this.peers = peers;
        this.origin = origin;
        this.caller = caller;
        this.servletRequest = servletRequest;
    }

    /**
     * {@code local} and, unless a peer asks, every peer's list found in its answer at {@code path} (field names);
     * an entry this node has wins.
     */
    Map<String, String> merged(Map<String, String> local, String... path) {
        if (origin.fromPeer()) {
            return local;
        }
        Map<String, String> all = new TreeMap<>(local);
        for (JsonNode answer : peers.askPeers(servletRequest.getRequestURI(), servletRequest.getQueryString(),
                caller.token())) {
            JsonNode list = answer;
            for (String field : path) {
                list = list.path(field);
            }
            list.fields().forEachRemaining(entry -> all.putIfAbsent(entry.getKey(),
                    entry.getValue().isTextual() ? entry.getValue().asText() : null));
        }
        return all;
    }
}
